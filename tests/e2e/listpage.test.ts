import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { ListPage } from './pages/ListPage';
import { LoginPage } from './pages/LoginPage';
import { E2E_ADMIN_PASSWORD } from './support/e2eEnv';

// The generic list page's tools over the real Positions model and server: batch delete without a
// selection, Excel import refused for a bad row (nothing imported, the report downloads) then a good
// file, export of the query and of the checked rows, the advanced query, and column settings that
// survive a reload.

async function workbook(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('岗位');
  sheet.addRow(['岗位名称', '岗位编码', '排序']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function readDownload(page: Page, click: () => Promise<void>): Promise<{ name: string; rows: string[][] }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  const rows: string[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return { name: download.suggestedFilename(), rows };
}

async function importFile(page: Page, name: string, content: Buffer): Promise<void> {
  await page.getByRole('button', { name: /^导\s*入$/ }).click();
  const dialog = page.getByRole('dialog', { name: '导入EXCEL' });
  await expect(dialog).toBeVisible();
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: content });
  await dialog.getByRole('button', { name: '开始导入' }).click();
}

test('list page tools: batch delete warning, import, export, advanced query, column settings', async ({ page }) => {
  test.setTimeout(180_000);
  const login = new LoginPage(page);
  await login.goto();
  await login.signInTo('系统管理', 'admin', E2E_ADMIN_PASSWORD);
  await page.getByRole('menuitem', { name: '岗位管理' }).click();
  const positions = new ListPage(page);
  await expect(positions.table).toBeVisible();

  // 1. batch delete with nothing checked
  await page.getByRole('button', { name: '批量删除' }).click();
  await positions.expectToast('请选择一条记录！');

  // 2. a file with a bad row: nothing imported, the warning links the report of the bad rows
  await importFile(
    page,
    'bad.xlsx',
    await workbook([
      ['质检员', 'QC01', 1],
      ['', 'QC02', 2],
    ]),
  );
  const warning = page.locator('.ant-modal-confirm');
  await expect(warning).toBeVisible();
  const report = await readDownload(page, () => warning.getByRole('button', { name: '下载错误明细' }).click());
  expect(report.rows.flat().join(' ')).toContain('岗位名称');
  await warning.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByRole('dialog', { name: '导入EXCEL' })).toBeVisible();
  await page
    .getByRole('dialog', { name: '导入EXCEL' })
    .getByRole('button', { name: /^关\s*闭$/ })
    .click();
  await positions.expectNoRow('质检员');

  // 3. a good file: imported, the dialog closes, the rows are listed
  await importFile(
    page,
    'good.xlsx',
    await workbook([
      ['质检员', 'QC01', 1],
      ['化验员', 'LAB01', 2],
      ['样品管理员', 'SM01', 3],
    ]),
  );
  await expect(page.getByRole('dialog', { name: '导入EXCEL' })).toBeHidden();
  await positions.expectRow('质检员');
  await positions.expectRow('化验员');

  // 4. export: the current query, then the checked rows only
  await positions.search('员');
  const all = await readDownload(page, () => page.getByRole('button', { name: /^导\s*出$/ }).click());
  expect(all.name).toMatch(/\.xlsx$/);
  const exported = all.rows.map((r) => r[0]);
  expect(exported).toEqual(expect.arrayContaining(['岗位名称', '质检员', '化验员', '样品管理员']));
  await positions.row('化验员').getByRole('checkbox').check();
  const checked = await readDownload(page, () => page.getByRole('button', { name: /^导\s*出$/ }).click());
  expect(checked.rows.map((r) => r[0])).toEqual(['岗位名称', '化验员']);
  await page
    .getByRole('button', { name: /^重\s*置$/ })
    .first()
    .click();

  // 5. advanced query: an empty condition warns; 岗位编码 contains LAB leaves 化验员 alone
  await page.getByRole('button', { name: /高级查询/ }).click();
  const builder = page.getByRole('dialog', { name: '高级查询构造器' });
  await builder.getByRole('button', { name: /^查\s*询$/ }).click();
  await positions.expectToast('不能查询空条件');
  await builder.getByRole('combobox', { name: '选择查询字段' }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('岗位编码').click();
  await builder.getByRole('textbox', { name: '请输入值' }).fill('LAB');
  await builder.getByRole('button', { name: /^查\s*询$/ }).click();
  await expect(builder).toBeHidden();
  await positions.expectRow('化验员');
  await positions.expectNoRow('质检员');
  await page.getByRole('button', { name: /高级查询/ }).click();
  await builder.getByRole('button', { name: /^重\s*置$/ }).click();
  await positions.expectRow('质检员');
  await builder.getByRole('button', { name: /^关\s*闭$/ }).click();

  // 6. column settings: hide 说明, still hidden after a reload, back with 恢复默认
  const header = (title: string) => positions.table.locator('thead th').filter({ hasText: new RegExp(`^${title}$`) });
  await expect(header('说明')).toHaveCount(1);
  await page.getByRole('button', { name: '列设置' }).click();
  const drawer = page.locator('.ant-drawer-content').filter({ hasText: '列表显示设置' });
  const saved = page.waitForResponse((r) => r.url().includes('/SetColumnsByModuleId') && r.ok());
  await drawer.getByRole('switch', { name: '显示 说明' }).click();
  await saved;
  await expect(header('说明')).toHaveCount(0);
  await page.reload();
  // the reload may land on the home tab: open the list again from the menu
  await page.getByRole('menuitem', { name: '岗位管理' }).click();
  await expect(positions.row('质检员')).toHaveCount(1);
  await expect(header('说明')).toHaveCount(0);
  await expect(header('岗位编码')).toHaveCount(1);
  await page.getByRole('button', { name: '列设置' }).click();
  await drawer.getByRole('button', { name: /恢复默认/ }).click();
  await expect(header('说明')).toHaveCount(1);
});
