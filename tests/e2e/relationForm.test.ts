import { expect, test } from '@playwright/test';
import { ListPage } from './pages/ListPage';
import { LoginPage } from './pages/LoginPage';
import { adminApi } from './support/adminApi';
import { E2E_ADMIN_PASSWORD } from './support/e2eEnv';

const MODEL = 'online.e2eCheck';
const TITLE = '收样核查';

test.use({ actionTimeout: 15_000 });

/** A designed screen whose 关联收样单 field is a relation form over the shipped 样品收样 model. */
const check = {
  version: 4,
  id: MODEL,
  title: TITLE,
  entity: {
    table: 'online_e2e_check',
    fields: {
      checkName: { type: 'string', label: '核查项目', required: true, maxLength: 50, keyword: true },
      receiptId: { type: 'string', label: '关联收样单', maxLength: 36, ref: 'online.sampleReceipt', refLabel: 'sampleName' },
    },
  },
  api: { dialect: 'api', base: '/api/online/e2eCheck' },
  list: { search: ['keyword'], columns: ['checkName', 'receiptId'], actions: ['add', 'edit', 'delete'] },
  form: { fields: ['checkName', { field: 'receiptId', 'x-component': 'RelationForm', 'x-component-props': { columns: ['receiptNo', 'sampleName'] } }] },
  permissions: { prefix: 'online:e2eCheck:' },
};

// The relation form in a released designed screen: the popup lists the other model's records with a
// keyword search, the chosen record shows by its display field in the form and in the list.
test('relation form: pick a record of another model in a popup with search; the list shows its display field', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await adminApi(request);
  for (const sampleName of ['关联钢筋E2E', '关联水泥E2E'])
    await admin.call('post', '/api/online/sampleReceipt', { sampleName, sampleType: 'rebar', quantity: 1, unitPrice: 1 });
  const design = await admin.call('post', '/api/visualdev/Base', { fullName: TITLE, enCode: MODEL, modelJson: JSON.stringify(check) });
  await admin.call('post', `/api/visualdev/Base/${design.id}/Actions/Release`, {});

  const login = new LoginPage(page);
  await login.goto();
  await login.signInTo('在线开发', 'admin', E2E_ADMIN_PASSWORD);
  const item = page.getByRole('menuitem', { name: TITLE });
  if (!(await item.isVisible())) await page.getByRole('menuitem', { name: '在线应用' }).click();
  await item.click();
  const list = new ListPage(page);
  await expect(list.table).toBeVisible();

  const form = await list.add();
  await form.fill('核查项目', '水泥复检');
  await form.root.locator('[data-relation-form="online.sampleReceipt"] .ant-select').click();
  // the popup opens inside the form dialog: the innermost dialog titled with the field
  const popup = page.getByRole('dialog').filter({ hasText: '选择关联收样单' }).last();
  await expect(popup.getByRole('cell', { name: '关联钢筋E2E', exact: true })).toBeVisible();
  await popup.getByPlaceholder('请输入关键词').fill('水泥E2E');
  await popup.getByRole('button', { name: /查\s*询/ }).click();
  await expect(popup.getByRole('cell', { name: '关联钢筋E2E', exact: true })).toHaveCount(0);
  await popup.getByRole('row').filter({ hasText: '关联水泥E2E' }).getByRole('radio').check();
  await popup.getByRole('button', { name: /确\s*认/ }).click();
  await expect(popup).toBeHidden();
  await expect(form.root.locator('[data-relation-form] .ant-select-selection-item')).toHaveText('关联水泥E2E');
  await form.submit();
  await list.expectToast('添加成功');
  await expect(list.table.getByRole('row').filter({ hasText: '水泥复检' })).toContainText('关联水泥E2E');
});
