import { expect, test, type Page } from '@playwright/test';
import { LoginPage } from './pages/LoginPage';
import { adminApi } from './support/adminApi';
import { E2E_ADMIN_PASSWORD } from './support/e2eEnv';

const switchTo = async (page: Page, name: string, lang: string) => {
  await page.getByRole('button', { name: /^(语言|Language|語言)$/ }).click();
  await page.getByRole('menuitem', { name }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
};

// Issue 10: a dictionary item's new text reaches a list page that shows it, after the dictionary cache is
// refreshed, in each language (zh-CN as typed, en from the item's English text, zh-TW converted with
// OpenCC's Taiwan phrases: 运行 becomes 執行).
test('dictionaries: an edited item text shows in a list page in zh-CN, en and zh-TW', async ({ page, request }) => {
  // three reloads of a list page, each reading its model and dictionaries again
  test.setTimeout(180_000);
  const api = await adminApi(request);
  const types = await api.call('get', '/api/system/DictionaryType?keyword=quartz_status&pageSize=50');
  const type = (types.list as { id: string; dictCode: string }[]).find((t) => t.dictCode === 'quartz_status')!;
  const items = await api.call('get', `/api/system/DictionaryData/${type.id}`);
  const stopped = (items.list as { id: string; itemValue: string }[]).find((i) => i.itemValue === '-1')!;
  const item = await api.call('get', `/api/system/DictionaryData/${stopped.id}/Info`);
  await api.call('put', `/api/system/DictionaryData/${stopped.id}`, { itemText: '暂停运行', itemTextEn: 'Halted', version: item.version });
  await api.call('get', '/sys/dict/refleshCache');
  const job = await api.call('post', '/sys/quartzJob/add', { jobClassName: 'system.pruneJobLogs', cronExpression: '0 0 3 * * ? *', description: '字典显示' });
  expect(job.status).toBe(-1);

  const login = new LoginPage(page);
  await login.goto();
  await login.signInTo('系统管理', 'admin', E2E_ADMIN_PASSWORD);
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

// Issue 10: the area picker picks a district (province → city → district) from the seeded region data.
test('areas: the area picker picks a district', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signInTo('系统管理', 'admin', E2E_ADMIN_PASSWORD);
  await page.goto('/#/dev/widgets');
  const picker = page.locator('[data-widget="AreaPicker"] [data-state="edit"] .ant-select');
  await picker.scrollIntoViewIfNeeded();
  await expect(picker).toContainText('东城区');
  await picker.click();
  const menus = page.locator('.ant-cascader-menus');
  await menus.getByText('广东省', { exact: true }).click();
  await menus.getByText('广州市', { exact: true }).click();
  await menus.getByText('天河区', { exact: true }).click();
  await expect(picker).toContainText('广东省 / 广州市 / 天河区');
});
