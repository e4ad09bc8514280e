import { expect, test, type Page } from '@playwright/test';
import JSZip from 'jszip';
import { ListPage } from './pages/ListPage';
import { LoginPage } from './pages/LoginPage';
import { adminApi } from './support/adminApi';
import { E2E_ADMIN_PASSWORD } from './support/e2eEnv';

const MODEL = 'online.e2eLoan';
const TITLE = '仪器借用登记';
const BROKEN = 'online.e2eBroken';

test.use({ actionTimeout: 15_000 });

/** A designed model as a module folder holds it: a list with a keyword search, a form of two fields. */
function loanModel(id: string, extra: Record<string, object> = {}) {
  const name = id.slice('online.'.length);
  return {
    version: 4,
    id,
    title: id === MODEL ? TITLE : '损坏的模块',
    entity: {
      table: `online_${name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`,
      fields: {
        instrument: { type: 'string', label: '仪器名称', required: true, maxLength: 50, keyword: true },
        borrower: { type: 'string', label: '借用人', maxLength: 30 },
        ...extra,
      },
    },
    api: { dialect: 'api', base: `/api/online/${name}` },
    list: { search: ['keyword'], columns: ['instrument', 'borrower'], actions: ['add', 'edit', 'delete'] },
    form: { fields: ['instrument', 'borrower'] },
    permissions: { prefix: `online:${name}:` },
  };
}

/** A module zip in the format of schemas/<module>/ (what the designer's export writes). */
async function moduleZip(models: ReturnType<typeof loanModel>[]): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('online/module.json', JSON.stringify({ id: 'online', title: '在线应用' }));
  for (const model of models) zip.file(`online/models/${model.id.slice('online.'.length)}.model.json`, JSON.stringify(model));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

async function openModules(page: Page) {
  await page.getByRole('button', { name: '模块导入导出' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '导入模块' });
  await expect(dialog).toBeVisible();
  return dialog;
}

// Issue 12, modules as files, on SQLite: the designer's module screen imports a module file after a
// preview; the imported screen has its menu and list page at once. A file that is not a module, or one
// whose model is invalid, gets a clear error, cannot be confirmed and changes nothing.
test('designer modules: a module file imports with its menu and list page; a bad file is refused and changes nothing', async ({ page, request }) => {
  test.setTimeout(180_000);
  const admin = await adminApi(request);
  const designsOf = async (keyword: string) =>
    ((await admin.call('get', `/api/visualdev/Base?keyword=${encodeURIComponent(keyword)}&pageSize=50`)).list as { enCode: string }[]).map((r) => r.enCode);
  const menusNamed = async (name: string) =>
    ((await admin.call('get', `/api/system/Menu?keyword=${encodeURIComponent(name)}&pageSize=50`)).list as { name: string }[]).filter((m) => m.name === name);

  const login = new LoginPage(page);
  await login.goto();
  await login.signInTo('在线开发', 'admin', E2E_ADMIN_PASSWORD);
  await page.getByRole('menuitem', { name: '表单设计器' }).click();
  await expect(page.getByTestId('designer-app')).toBeVisible();
  let dialog = await openModules(page);

  // 1. a file that is not a zip: the server's reason shows, no plan, nothing to confirm
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'module.zip', mimeType: 'application/zip', buffer: Buffer.from('not a module at all') });
  await expect(page.locator('.ant-message').getByText('请选择模块的 zip 文件')).toBeVisible();
  await expect(page.getByTestId('import-plan')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: '确认导入' })).toHaveCount(0);

  // 2. a module whose model is invalid: the plan lists the problem at its JSON path and cannot be confirmed
  const broken = await moduleZip([loanModel(BROKEN, { weight: { type: 'weight', label: '重量' } })]);
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'broken.zip', mimeType: 'application/zip', buffer: broken });
  const plan = page.getByTestId('import-plan');
  await expect(plan.getByText('/entity/fields/weight/type')).toBeVisible();
  await expect(dialog.getByRole('button', { name: '确认导入' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Close' }).click();
  // nothing changed: no design, no menu
  expect(await designsOf(BROKEN)).toEqual([]);
  expect(await menusNamed('损坏的模块')).toEqual([]);

  // 3. a good module: previewed as new, imported, its menu and list page served at once
  dialog = await openModules(page);
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'loan.zip', mimeType: 'application/zip', buffer: await moduleZip([loanModel(MODEL)]) });
  await expect(plan.locator('tr').filter({ hasText: MODEL })).toContainText('新增');
  await dialog.getByRole('button', { name: '确认导入' }).click();
  await expect(page.locator('.ant-message').getByText('模块已导入并发布')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  expect(await designsOf(MODEL)).toEqual([MODEL]);

  // the designer fills the page: back to the shell, whose menus the import reloaded
  await page.goBack();
  const item = page.getByRole('menuitem', { name: TITLE });
  if (!(await item.isVisible())) await page.getByRole('menuitem', { name: '在线应用' }).click();
  await item.click();
  const list = new ListPage(page);
  await expect(list.table).toBeVisible();
  await expect(list.table.getByRole('columnheader', { name: '仪器名称' })).toBeVisible();
  const form = await list.add();
  await form.fill('仪器名称', '电子天平');
  await form.fill('借用人', '张三');
  await form.submit();
  await list.expectToast('添加成功');
  await list.expectRow('电子天平');
});
