import { expect, test, type Locator, type Page } from '@playwright/test';
import { LoginPage } from './pages/LoginPage';
import { adminApi } from './support/adminApi';
import { E2E_ADMIN_PASSWORD } from './support/e2eEnv';
import { ListPage } from './pages/ListPage';

/** A dialog by its exact title (the dictionary's edit dialog holds its items' edit dialog). */
const dialogTitled = (page: Page, title: string): Locator =>
  page.locator('.ant-modal-content').filter({ has: page.locator('.ant-modal-title').getByText(title, { exact: true }) });

/** The text input of a dialog's form item, by its label. */
const fieldOf = (dialog: Locator, label: string): Locator =>
  dialog
    .locator('.ant-formily-item')
    .filter({ has: dialog.page().locator('.ant-formily-item-label').getByText(label, { exact: true }) })
    .locator('input');

const switchTo = async (page: Page, name: string, lang: string) => {
  await page.getByRole('button', { name: /^(语言|Language|語言)$/ }).click();
  await page.getByRole('menuitem', { name }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
};

// Issue 10: a dictionary item's new text reaches a list page that shows it, after the dictionary cache is
// refreshed, in each language (zh-CN as typed, en from the item's English text, zh-TW converted with
// OpenCC's Taiwan phrases: 运行 becomes 執行).
test('dictionaries: an edited item text shows in a list page in zh-CN, en and zh-TW', async ({ page, request }) => {
  // the edit through 数据字典, then three reloads of a list page, each reading its model and dictionaries again
  test.setTimeout(240_000);
  const api = await adminApi(request);
  const job = await api.call('post', '/sys/quartzJob/add', { jobClassName: 'system.pruneJobLogs', cronExpression: '0 0 3 * * ? *', description: '字典显示' });
  expect(job.status).toBe(-1);

  const login = new LoginPage(page);
  await login.goto();
  await login.signInTo('系统管理', 'admin', E2E_ADMIN_PASSWORD);

  // 数据字典: the dictionary's edit dialog, its 字典项 tab, the item's own edit dialog
  await page.getByRole('menuitem', { name: '数据字典' }).click();
  // a tree table without a search bar: page on until the dictionary's row shows
  const dicts = new ListPage(page);
  await expect(dicts.table.locator('tbody tr').first()).toBeVisible({ timeout: 30_000 });
  for (let turn = 0; turn < 20 && (await dicts.row('quartz_status').count()) === 0; turn++) {
    const first = await dicts.table.locator('tbody tr').first().innerText();
    await page.locator('.ant-pagination-next').first().click();
    await expect(dicts.table.locator('tbody tr').first()).not.toHaveText(first);
  }
  await dicts.row('quartz_status').getByText('编辑', { exact: true }).click();
  const dictDialog = dialogTitled(page, '编辑').first();
  await dictDialog.getByRole('tab', { name: '字典项' }).click();
  const items = dictDialog.getByRole('tabpanel', { name: '字典项' });
  const stopped = items.locator('tbody tr').filter({ has: page.getByRole('cell', { name: '停止', exact: true }) });
  await stopped.getByText('编辑', { exact: true }).click();
  const itemDialog = dialogTitled(page, '编辑').last();
  await fieldOf(itemDialog, '字典项名称').fill('暂停运行');
  await fieldOf(itemDialog, '英文名称').fill('Halted');
  const saved = page.waitForResponse((res) => res.request().method() === 'PUT' && res.url().includes('/api/system/DictionaryData/'));
  await itemDialog.getByRole('button', { name: /确\s*认/ }).click();
  expect((await (await saved).json()).code).toBe(200);
  await expect(page.locator('.ant-message').getByText('编辑成功').first()).toBeVisible();
  await expect(items.locator('tbody tr').filter({ has: page.getByRole('cell', { name: '暂停运行', exact: true }) })).toHaveCount(1);
  await dictDialog.getByRole('button', { name: /关\s*闭/ }).click();
  await expect(dictDialog).toBeHidden();
  // the header's 清除缓存 refreshes the dictionaries (GET /sys/dict/refleshCache)
  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name: '清除缓存' }).click();
  await expect(page.locator('.ant-message').getByText('刷新缓存完成！').first()).toBeVisible();

  await page.getByRole('menuitem', { name: '定时任务' }).click();
  // the visible list's row; a page reloaded on a loaded machine may take a while to read its model again
  const jobRow = () => page.locator('.ant-table-tbody tr:visible').filter({ hasText: '字典显示' });
  await expect(jobRow()).toContainText('暂停运行', { timeout: 30_000 });

  await switchTo(page, 'English', 'en');
  await page.reload();
  await expect(jobRow()).toContainText('Halted', { timeout: 30_000 });

  await switchTo(page, '繁體中文', 'zh-TW');
  await page.reload();
  await expect(jobRow()).toContainText('暫停執行', { timeout: 30_000 });
  await switchTo(page, '简体中文', 'zh-CN');
});

// Issue 10: the client's dictionary cache refreshes when a dictionary changes. A browser signed in before
// another administrator adds a dictionary reads the dictionaries again on its next page load (before, the
// cached sysAllDictItems lived on until 清除缓存, a sign-in or a language switch): every signed-in answer
// names the dictionaries' version and a select finds the cache stale.
test('dictionaries: a dictionary added elsewhere reaches a signed-in browser without 清除缓存', async ({ page, request }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signInTo('系统管理', 'admin', E2E_ADMIN_PASSWORD);
  await page.goto('/#/dev/widgets');
  const select = page.locator('[data-widget="DictSelect"] [data-state="edit"] .ant-select');
  await expect(select).toContainText('启用');
  const cached = () => page.evaluate(() => window.localStorage.getItem('cloudlab__dictItems') ?? '');
  const stamp = Date.now().toString(36).slice(-6);
  const text = `Dict change ${stamp}`;
  expect(await cached()).not.toContain(text);

  const api = await adminApi(request);
  const type = await api.call('post', '/api/system/DictionaryType', { dictName: `版本${stamp}`, dictCode: `e2eVersion${stamp}`, sortCode: 1 });
  await api.call('post', '/api/system/DictionaryData', { dictId: type.id, itemText: text, itemValue: '1' });

  const reread = page.waitForResponse((res) => res.url().includes('/sys/dict/queryAllDictItems'));
  await page.reload();
  await reread;
  await expect(select).toContainText('启用');
  await expect.poll(cached).toContain(text);
});

// Issue 10: the area picker picks a district (province → city → district) from /api/system/Area, a level at
// a time, and shows a stored district by the names the server gives (Info, GetAreaByIds).
test('areas: the area picker picks a district', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signInTo('系统管理', 'admin', E2E_ADMIN_PASSWORD);
  const names = page.waitForResponse((res) => res.request().method() === 'POST' && res.url().includes('/api/system/Area/GetAreaByIds'));
  await page.goto('/#/dev/widgets');
  expect((await (await names).json()).data).toContainEqual(['北京市', '市辖区', '东城区']);
  const picker = page.locator('[data-widget="AreaPicker"] [data-state="edit"] .ant-select');
  await picker.scrollIntoViewIfNeeded();
  await expect(picker).toContainText('东城区');
  await picker.click();
  const menus = page.locator('.ant-cascader-menus');
  const level = (parent: string) => page.waitForResponse((res) => res.url().includes(`/api/system/Area/0/Selector/${parent}`));
  const cities = level('440000');
  await menus.getByText('广东省', { exact: true }).click();
  await cities;
  const districts = level('440100');
  await menus.getByText('广州市', { exact: true }).click();
  await districts;
  await menus.getByText('天河区', { exact: true }).click();
  await expect(picker).toContainText('广东省 / 广州市 / 天河区');
});

// Issue 10: an area an administrator adds through /api/system/Area is offered by the picker; once disabled
// through the same API (Actions/State) it is not, while its enabled neighbours still are.
test('areas: the area picker offers an added area and not once it is disabled', async ({ page, request }) => {
  const api = await adminApi(request);
  const stamp = Date.now().toString(36).slice(-6);
  const name = `测试区${stamp}`;
  const area = await api.call('post', '/api/system/Area', { parentId: '440100', fullName: name, enCode: `E2E${stamp}`, type: 3 });
  try {
    const login = new LoginPage(page);
    await login.goto();
    await login.signInTo('系统管理', 'admin', E2E_ADMIN_PASSWORD);
    // the picker reads the levels again when the page is loaded again
    const open = async (load: () => Promise<unknown>) => {
      await load();
      const picker = page.locator('[data-widget="AreaPicker"] [data-state="edit"] .ant-select');
      await picker.scrollIntoViewIfNeeded();
      await expect(picker).toContainText('东城区');
      await picker.click();
      const menus = page.locator('.ant-cascader-menus');
      await menus.getByText('广东省', { exact: true }).click();
      await menus.getByText('广州市', { exact: true }).click();
      await expect(menus.getByText('天河区', { exact: true })).toBeVisible();
      return menus;
    };
    await expect((await open(() => page.goto('/#/dev/widgets'))).getByText(name, { exact: true })).toBeVisible();
    const off = await api.call('put', `/api/system/Area/${area.id}/Actions/State`);
    expect(off.enabledMark).toBe(0);
    await expect((await open(() => page.reload())).getByText(name, { exact: true })).toHaveCount(0);
  } finally {
    await api.call('delete', `/api/system/Area/${area.id}`);
  }
});
