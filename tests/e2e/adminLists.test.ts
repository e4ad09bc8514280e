import { expect, test, type Page } from '@playwright/test';
import { LoginPage } from './pages/LoginPage';
import { adminApi } from './support/adminApi';
import { E2E_ADMIN_PASSWORD } from './support/e2eEnv';

// Spec 001 §2: the generic list page of an administration resource offers search, reset, advanced query,
// add, batch delete, Excel export and import (edit, detail and delete are row actions). Each page is
// opened from its menu, as an administrator finds it. The tree tables (organisations, dictionaries) have
// batch delete too; areas have no delete at all (删除 is their own operation), so no batch delete.
test.describe.configure({ timeout: 180_000 });

const PAGES: { menu: string; top: string; noDelete?: true }[] = [
  { top: '系统管理', menu: '用户管理' },
  { top: '系统管理', menu: '组织管理' },
  { top: '系统管理', menu: '行政区划', noDelete: true },
  { top: '系统管理', menu: '数据字典' },
  { top: '系统管理', menu: '角色管理' },
  { top: '系统管理', menu: '部门管理' },
  { top: '系统管理', menu: '岗位管理' },
  { top: '系统管理', menu: '单据规则' },
  { top: '开发平台', menu: '数据接口' },
  { top: '开发平台', menu: '打印模板' },
];

// antd spaces out a two-character label; an icon's name may stand before it (高级查询's filter icon)
const toolbarButton = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`(^|\\s)${name.split('').join('\\s*')}$`) });

/** The first row's 创建时间 shows on one line (beside six row links it wrapped onto three). */
async function expectDatesOnOneLine(page: Page, menu: string): Promise<void> {
  const header = page.locator('.ant-table-thead th').filter({ hasText: '创建时间' }).first();
  await expect(header, menu).toBeVisible();
  const column = await header.evaluate((th) => [...th.parentElement!.children].indexOf(th));
  const cell = page.locator('.ant-table-tbody tr.ant-table-row').first().locator('td').nth(column);
  await expect(cell, menu).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  // the text's line boxes: one per line it takes
  const lines = await cell.evaluate((td) => {
    const range = document.createRange();
    range.selectNodeContents(td);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
  expect(lines, `${menu}: 创建时间 lines`).toBe(1);
}

test('administration lists: search, reset, advanced query, add, batch delete, import and export on each', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signInTo('系统管理', 'admin', E2E_ADMIN_PASSWORD);
  let system = '系统管理';
  for (const { top, menu, noDelete } of PAGES) {
    if (top !== system) {
      // another top-level menu: chosen on the menu list, as after sign-in
      await page.goto('/#/menuList');
      await page.getByRole('button', { name: top }).click();
      system = top;
    }
    await page.getByRole('menuitem', { name: menu, exact: true }).click();
    await expect(page.locator('.ant-table').first(), menu).toBeVisible({ timeout: 30_000 });
    for (const name of ['查询', '重置', '高级查询', '新增', ...(noDelete ? [] : ['批量删除']), '导入', '导出'])
      await expect(toolbarButton(page, name).first(), `${menu}: ${name}`).toBeVisible();
    if (menu === '用户管理') await expectDatesOnOneLine(page, menu);
  }

  // 角色管理: batch delete without a chosen row warns; the export is a workbook of the list
  await page.goto('/#/menuList');
  await page.getByRole('button', { name: '系统管理' }).click();
  await page.getByRole('menuitem', { name: '角色管理', exact: true }).click();
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
  await toolbarButton(page, '批量删除').first().click();
  await expect(page.locator('.ant-message').getByText('请选择一条记录！').first()).toBeVisible();
  const downloading = page.waitForEvent('download');
  await toolbarButton(page, '导出').first().click();
  expect((await downloading).suggestedFilename()).toMatch(/\.xlsx$/);
  // the advanced query opens its dialog
  await toolbarButton(page, '高级查询').first().click();
  await expect(page.locator('.ant-modal-content').filter({ hasText: '高级查询' }).first()).toBeVisible();
});

test('数据字典 (a tree table): checked dictionary types are deleted with 批量删除', async ({ page, request }) => {
  const api = await adminApi(request);
  const tag = Date.now().toString(36);
  for (const n of [1, 2]) await api.call('post', '/api/system/DictionaryType', { parentId: '0', dictName: `批删${tag}${n}`, dictCode: `batch_${tag}_${n}` });
  const login = new LoginPage(page);
  await login.goto();
  await login.signInTo('系统管理', 'admin', E2E_ADMIN_PASSWORD);
  await page.getByRole('menuitem', { name: '数据字典', exact: true }).click();
  await page.getByPlaceholder('请输入关键词').fill(`批删${tag}`);
  await toolbarButton(page, '查询').first().click();
  const rows = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: `批删${tag}` });
  await expect(rows).toHaveCount(2, { timeout: 30_000 });
  for (const row of await rows.all()) await row.getByRole('checkbox').check();
  await toolbarButton(page, '批量删除').first().click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.locator('.ant-message').getByText('批量删除成功！').first()).toBeVisible();
  await expect(rows).toHaveCount(0);
});

test('功能设计: 批量删除 in the toolbar; 复制 on a design’s row copies it under a new model id (spec 001 §7: /api/visualdev/Base/{id}/Actions/Copy)', async ({
  page,
  request,
}) => {
  const api = await adminApi(request);
  const login = new LoginPage(page);
  await login.goto();
  await login.signInTo('在线开发', 'admin', E2E_ADMIN_PASSWORD);
  await page.getByRole('menuitem', { name: '功能设计', exact: true }).click();
  const source = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: 'online.sampleReceipt' }).filter({ hasNotText: 'Item' }).first();
  await expect(source).toBeVisible({ timeout: 30_000 });
  // the list's batch delete too (spec 001 §2)
  await expect(toolbarButton(page, '批量删除').first()).toBeVisible();
  const copying = page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/visualdev\/Base\/[^/]+\/Actions\/Copy$/.test(r.url()));
  await source.getByRole('button', { name: /复\s*制/ }).click();
  await page
    .locator('.ant-popconfirm, .ant-popover, .ant-modal-confirm')
    .filter({ hasText: '确定复制该功能吗？' })
    .getByRole('button', { name: /确\s*定/ })
    .click();
  const copy = (await (await copying).json()).data as { id: string; enCode: string };
  expect(copy.enCode).toMatch(/^online\.sampleReceiptCopy\d+$/);
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: copy.enCode })).toBeVisible();
  await api.call('delete', `/api/visualdev/Base/${copy.id}`);
});
