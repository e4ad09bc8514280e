import { expect, test, type Locator, type Page } from '@playwright/test';
import { ListPage } from './pages/ListPage';
import { LoginPage } from './pages/LoginPage';
import { adminApi } from './support/adminApi';
import { E2E_ADMIN_PASSWORD } from './support/e2eEnv';
import { saveAndRelease } from './support/designerSteps';
import { sheetRows } from './support/sheetRows';

const MODEL = 'online.e2eReceipt';

// a step that cannot happen fails in seconds, not at the end of the long test's timeout
test.use({ actionTimeout: 15_000 });
const TITLE = '收样登记';

/** The property panel's control under a form label. */
function panelItem(page: Page, label: string): Locator {
  return page
    .getByTestId('field-panel')
    .locator('.ant-form-item')
    .filter({ has: page.getByText(label, { exact: true }) })
    .first();
}

/** Picks an option of an antd select: `select` is the select's wrapper, or its combobox input. */
async function pick(page: Page, select: Locator, option: string): Promise<void> {
  const selector = select.locator('.ant-select-selector');
  await ((await selector.count()) > 0 ? selector.first() : select).click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
}

/** Adds a palette widget by double click (the end of the selected section), then names it. */
async function addWidget(page: Page, widget: string, label: string): Promise<void> {
  await page.locator(`[data-widget="${widget}"]`).dblclick();
  await panelItem(page, '标题').locator('input').fill(label);
  await expect(page.getByTestId('designer-canvas').getByText(label, { exact: true })).toBeVisible();
}

async function selectField(page: Page, label: string): Promise<void> {
  await page.getByTestId('designer-canvas').locator('[data-field]').filter({ hasText: label }).click();
}

/** The released screen, from its menu item under 在线应用. */
async function openScreen(page: Page): Promise<void> {
  const item = page.getByRole('menuitem', { name: TITLE });
  if (!(await item.isVisible())) await page.getByRole('menuitem', { name: '在线应用' }).click();
  await item.click();
}

// Issue 12's acceptance: an admin designs a receipt screen in the designer (eight fields: a dictionary
// select, a date, an image upload, a bill-number default and a computed amount; two search fields; a
// sub-record tab), previews it on the real runtime and releases it; a tester granted the new menu adds,
// edits, searches and exports; the admin adds a field and releases again; the rows keep their data.
test('designer: design, preview and release a screen; a tester uses it; a new field keeps the rows', async ({ page, browser, request }) => {
  test.setTimeout(240_000);
  const admin = await adminApi(request);
  const login = new LoginPage(page);
  await login.goto();
  await login.signInTo('在线开发', 'admin', E2E_ADMIN_PASSWORD);
  await page.getByRole('menuitem', { name: '表单设计器' }).click();
  await expect(page.getByTestId('designer-app')).toBeVisible();

  // 1. a new design: online.e2eReceipt with one text field in one section
  await page.getByRole('button', { name: /新\s*建/ }).click();
  const create = page.getByRole('dialog').filter({ hasText: '新建功能' });
  await create.getByLabel('模型名称').fill('e2eReceipt');
  await create.getByLabel('功能名称').fill(TITLE);
  // spec 000 §4: the dialog's buttons are 关闭 and 确认
  await expect(create.locator('.ant-modal-footer').getByRole('button')).toHaveText([/关\s*闭/, /确\s*认/]);
  await create.getByRole('button', { name: /确\s*认/ }).click();
  await expect(page.getByTestId('design-editor')).toHaveAttribute('data-design', MODEL);

  await selectField(page, '新字段');
  await panelItem(page, '标题').locator('input').fill('样品名称');
  await page.getByTestId('field-panel').getByRole('checkbox', { name: '必填' }).check();

  // a widget dragged from the palette onto the section
  const source = page.locator('[data-widget="DictSelect"]');
  const target = page.getByTestId('designer-canvas').locator('[data-container]').first();
  await source.scrollIntoViewIfNeeded();
  const from = (await source.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 40, from.y + 20, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height - 10, { steps: 12 });
  await page.mouse.up();
  await expect(page.getByTestId('designer-canvas').getByText('字典下拉', { exact: true })).toBeVisible();
  await panelItem(page, '标题').locator('input').fill('样品类别');
  await panelItem(page, '数据字典').locator('input').fill('sample_type');
  await panelItem(page, '字典编码').locator('input').fill('sample_type');

  await addWidget(page, 'DatePicker', '收样日期');
  await addWidget(page, 'ImageUpload', '样品照片');
  await addWidget(page, 'Input', '收样单号');
  await pick(page, panelItem(page, '系统默认值'), 'billNumber');
  await addWidget(page, 'NumberPicker', '数量');
  await addWidget(page, 'NumberPicker', '单价');
  await addWidget(page, 'NumberPicker', '金额');
  await panelItem(page, '计算公式').locator('input').fill('round(field6 * field7, 2)');
  await expect(page.getByTestId('designer-canvas').locator('[data-field]')).toHaveCount(8);

  // undo and redo: the formula goes and comes back
  await page.getByTestId('designer-canvas').click({ position: { x: 5, y: 5 } });
  await page.getByRole('button', { name: /撤\s*销/ }).click();
  await page.getByRole('button', { name: /重\s*做/ }).click();
  // the keyboard: Delete removes the selected field, Ctrl+Z brings it back, Ctrl+Y removes it again
  const placedFields = page.getByTestId('designer-canvas').locator('[data-field]');
  await selectField(page, '金额');
  await page.keyboard.press('Delete');
  await expect(placedFields).toHaveCount(7);
  await page.keyboard.press('Control+z');
  await expect(placedFields).toHaveCount(8);
  await page.keyboard.press('Control+y');
  await expect(placedFields).toHaveCount(7);
  await page.keyboard.press('Control+z');
  await expect(placedFields).toHaveCount(8);
  await selectField(page, '金额');
  await expect(panelItem(page, '计算公式').locator('input')).toHaveValue('round(field6 * field7, 2)');

  // 2. the list: the category as a second search field; the model: export and the sub-record tab
  await page.getByRole('tab', { name: '列表设计' }).click();
  const search = page.getByTestId('list-panel').locator('.ant-form-item').filter({ hasText: '查询字段' }).first();
  await pick(page, search, '样品类别 (field2)');
  await page.getByRole('tab', { name: '模型设置' }).click();
  await page.getByTestId('model-panel').getByText('允许导出').click();
  await page.getByRole('button', { name: '添加子表' }).click();
  await pick(page, page.getByTestId('sub-tab').locator('.ant-select').first(), 'online.sampleReceiptItem');
  await page.getByTestId('sub-tab').getByLabel('关联字段').fill('receiptId');
  await page.getByTestId('sub-tab').getByLabel('选项卡标题').fill('收样明细');

  // 3. the JSON view agrees with the server's checks; the preview renders on the real runtime
  await page.getByRole('tab', { name: 'JSON' }).click();
  await expect(page.getByText('模型校验通过')).toBeVisible();
  // a wrong type typed into the JSON is shown at its JSON path; the text put back passes again
  const json = page.getByTestId('json-view').getByLabel('JSON');
  const original = await json.inputValue();
  const broken = JSON.parse(original) as { entity: { fields: Record<string, { type: string }> } };
  broken.entity.fields.field1!.type = 'weight';
  await json.fill(JSON.stringify(broken, null, 2));
  await expect(page.getByTestId('json-view').locator('[data-json-path="/entity/fields/field1/type"]')).toBeVisible();
  await json.fill(original);
  await expect(page.getByText('模型校验通过')).toBeVisible();
  await page.getByRole('tab', { name: '预览', exact: true }).click();
  const preview = page.getByTestId('designer-preview');
  await expect(preview.locator('.ant-table')).toBeVisible();
  await expect(preview.locator('thead').getByText('样品名称')).toBeVisible();
  await expect(preview.locator('tbody tr.ant-table-row')).toHaveCount(3);

  // 4. save and release
  await saveAndRelease(page, MODEL);

  // 5. a tester granted the new menu
  const username = await admin.createScreenUser(MODEL, ['list', 'add', 'edit', 'export'], 'Tester2026');

  const testerContext = await browser.newContext();
  const tester = await testerContext.newPage();
  const testerLogin = new LoginPage(tester);
  await testerLogin.goto();
  await testerLogin.signInTo('在线开发', username, 'Tester2026');
  await openScreen(tester);
  const list = new ListPage(tester);
  await expect(list.table).toBeVisible();

  let dialog = await list.add();
  await dialog.fill('样品名称', '钢筋试样');
  await pick(tester, dialog.field('样品类别'), '钢材');
  await dialog.fill('数量', '2');
  await dialog.fill('单价', '3.5');
  await dialog.submit();
  await list.expectToast('添加成功');
  await list.expectRow('钢筋试样');
  await expect(list.row('钢筋试样')).toContainText('7');

  dialog = await list.edit('钢筋试样');
  // the sub-record tab designed in the model panel is on the record
  await expect(dialog.root.getByRole('tab', { name: '收样明细' })).toBeVisible();
  await dialog.fill('样品名称', '钢筋试样A');
  await dialog.submit();
  await list.expectToast('编辑成功');
  await list.expectRow('钢筋试样A');

  dialog = await list.add();
  await dialog.fill('样品名称', '水样');
  await pick(tester, dialog.field('样品类别'), '水质');
  await dialog.submit();
  await list.expectRow('水样');
  await list.search('钢筋');
  await list.expectRow('钢筋试样A');
  await list.expectNoRow('水样');

  const download = tester.waitForEvent('download');
  await tester.getByRole('button', { name: /^导\s*出$/ }).click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
  const exported = await sheetRows(await download);
  expect(exported[0]).toContain('样品名称');
  expect(exported.some((row) => row.includes('钢筋试样A'))).toBe(true);

  // the second search field, the category, narrows the list as well
  await tester.getByPlaceholder('请输入关键词').fill('');
  await pick(tester, tester.getByRole('search').getByLabel('样品类别', { exact: true }), '水质');
  await tester.getByRole('button', { name: /^查\s*询$/ }).click();
  await list.expectRow('水样');
  await list.expectNoRow('钢筋试样A');

  // the rows as stored: the bill number drawn, the amount computed (2 × 3.5)
  const storedRows = async () =>
    ((await admin.call('post', `/api/visualdev/OnlineDev/${MODEL}/List`, { currentPage: 1, pageSize: 50 })).list as Record<string, unknown>[]).sort((a, b) =>
      String(a.id).localeCompare(String(b.id)),
    );
  const before = await storedRows();
  expect(before).toHaveLength(2);
  const rebar = before.find((row) => row.field1 === '钢筋试样A')!;
  expect([rebar.field6, rebar.field7, rebar.field8].map(Number)).toEqual([2, 3.5, 7]);
  expect(String(rebar.field5 ?? '')).not.toBe('');

  // 6. the admin adds a field and releases again; the tester's rows keep their data
  await page.getByRole('tab', { name: '表单设计' }).click();
  await addWidget(page, 'Input', '备注');
  await saveAndRelease(page, MODEL);
  await tester.reload();
  await tester
    .getByRole('menuitem', { name: TITLE })
    .click()
    .catch(() => undefined);
  const again = new ListPage(tester);
  await again.expectRow('钢筋试样A');
  await again.expectRow('水样');
  dialog = await again.edit('钢筋试样A');
  await expect(dialog.field('样品名称')).toHaveValue('钢筋试样A');
  await expect(dialog.field('备注')).toBeVisible();
  // every stored value of every row is still there; the new field is empty
  const after = await storedRows();
  expect(after).toHaveLength(2);
  after.forEach((row, i) => expect(row).toMatchObject(before[i]!));
  await testerContext.close();
});
