import { expect, request as apiRequest, test } from '@playwright/test';
import { ListPage } from './pages/ListPage';
import { LoginPage } from './pages/LoginPage';
import { adminApi } from './support/adminApi';
import { E2E_ADMIN_PASSWORD, E2E_PORT } from './support/e2eEnv';
import { ownServer } from './support/ownServer';

const MODEL = 'online.pgGauge';
const TITLE = '量具登记';
/** the PostgreSQL installation's port: beside the shared server's */
const PG_PORT = Number(process.env.CLOUDLAB_E2E_PG_PORT ?? E2E_PORT + 100);

test.use({ actionTimeout: 15_000 });

/** A designed screen with a keyword and a category search, an export button and the sample's sub-record tab. */
const gauge = {
  version: 4,
  id: MODEL,
  title: TITLE,
  entity: {
    table: 'online_pg_gauge',
    fields: {
      gaugeName: { type: 'string', label: '量具名称', required: true, maxLength: 50, keyword: true },
      gaugeNo: { type: 'string', label: '量具编号', maxLength: 30 },
      sampleType: { type: 'string', label: '样品类别', maxLength: 20, dict: 'sample_type' },
      receiptId: { type: 'string', label: '收样单', maxLength: 36 },
    },
  },
  api: { dialect: 'api', base: '/api/online/pgGauge', operations: { export: true } },
  list: {
    search: ['keyword', { field: 'sampleType', mode: 'eq' }],
    columns: ['gaugeName', 'gaugeNo', { field: 'sampleType', render: 'dict' }],
    actions: ['add', 'edit', 'delete', { key: 'export', label: '导出', operation: 'export', placement: 'toolbar' }],
  },
  form: { fields: ['gaugeName', 'gaugeNo', { field: 'sampleType', 'x-component': 'DictSelect', 'x-component-props': { dictCode: 'sample_type' } }] },
  tabs: [{ model: 'online.sampleReceiptItem', foreignKey: 'receiptId', title: '收样明细' }],
  permissions: { prefix: 'online:pgGauge:' },
};

// Issue 12's acceptance on PostgreSQL: a screen designed and released on one installation exports as a
// module; a fresh installation on a throwaway PostgreSQL database imports it through the designer's
// module screen (a preview of what it will do, then confirm); its phone preview shows; a tester granted
// the menu there adds, edits, searches and exports records.
test('designer on PostgreSQL: a module imported through the designer serves its screen to a tester', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const source = await adminApi(request);
  const design = await source.call('post', '/api/visualdev/Base', { fullName: TITLE, enCode: MODEL, modelJson: JSON.stringify(gauge) });
  await source.call('post', `/api/visualdev/Base/${design.id}/Actions/Release`, {});
  const token = (await (await request.post('/sys/login', { data: { username: 'admin', password: E2E_ADMIN_PASSWORD } })).json()).result.token;
  const exported = await request.post('/api/visualdev/Base/Actions/ExportModule', { headers: { 'X-Access-Token': token }, data: { modelIds: [MODEL] } });
  expect(exported.headers()['content-type']).toBe('application/zip');
  const zip = await exported.body();

  const server = ownServer(PG_PORT, { database: 'postgres' });
  const context = await browser.newContext({ baseURL: server.url });
  const pgRequest = await apiRequest.newContext({ baseURL: server.url });
  try {
    await server.start();
    const page = await context.newPage();
    const login = new LoginPage(page);
    await login.goto();
    await login.signInTo('在线开发', 'admin', E2E_ADMIN_PASSWORD);
    await page.getByRole('menuitem', { name: '表单设计器' }).click();
    await page.getByRole('button', { name: '模块导入导出' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '导入模块' });
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'module.zip', mimeType: 'application/zip', buffer: zip });
    const plan = page.getByTestId('import-plan');
    await expect(plan.locator('tr').filter({ hasText: MODEL })).toContainText('新增');
    await expect(plan.locator('tr').filter({ hasText: 'online.sampleReceiptItem' })).toContainText('未变化');
    await dialog.getByRole('button', { name: '确认导入' }).click();
    await expect(page.locator('.ant-message').getByText('模块已导入并发布')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();

    // the imported design opens in the designer; its phone preview is the released screen
    await page.getByRole('combobox', { name: '选择功能' }).click();
    await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${TITLE} (${MODEL})"]`).click();
    await page.getByRole('tab', { name: '手机预览' }).click();
    await expect(page.getByTestId('app-preview')).toContainText(TITLE);

    const admin = await adminApi(pgRequest);
    const username = await admin.createScreenUser(MODEL, ['list', 'add', 'edit', 'export'], 'Tester2026');
    const tester = await context.browser()!.newContext({ baseURL: server.url });
    const testerPage = await tester.newPage();
    const testerLogin = new LoginPage(testerPage);
    await testerLogin.goto();
    await testerLogin.signInTo('在线开发', username, 'Tester2026');
    const item = testerPage.getByRole('menuitem', { name: TITLE });
    if (!(await item.isVisible())) await testerPage.getByRole('menuitem', { name: '在线应用' }).click();
    await item.click();
    const list = new ListPage(testerPage);
    await expect(list.table).toBeVisible();
    let form = await list.add();
    await form.fill('量具名称', '游标卡尺');
    await form.fill('量具编号', 'PG-1');
    await form.submit();
    await list.expectToast('添加成功');
    form = await list.add();
    await form.fill('量具名称', '千分尺');
    await form.submit();
    await list.expectRow('千分尺');
    form = await list.edit('游标卡尺');
    await form.fill('量具名称', '游标卡尺A');
    await form.submit();
    await list.expectToast('编辑成功');
    await list.search('卡尺');
    await list.expectRow('游标卡尺A');
    await list.expectNoRow('千分尺');
    const download = testerPage.waitForEvent('download');
    await testerPage.getByRole('button', { name: /^导\s*出$/ }).click();
    expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);

    // the admin adds a field and releases again there: the tester's rows keep their data, the form has the field
    const storedRows = async () =>
      ((await admin.call('post', `/api/visualdev/OnlineDev/${MODEL}/List`, { currentPage: 1, pageSize: 50 })).list as Record<string, unknown>[]).sort((a, b) =>
        String(a.id).localeCompare(String(b.id)),
      );
    const before = await storedRows();
    expect(before.map((row) => row.gaugeName).sort()).toEqual(['千分尺', '游标卡尺A']);
    const designs = (await admin.call('get', `/api/visualdev/Base?keyword=${encodeURIComponent(MODEL)}&pageSize=50`)).list as { id: string; enCode: string }[];
    const designId = designs.find((d) => d.enCode === MODEL)!.id;
    const stored = await admin.call('get', `/api/visualdev/Base/${designId}`);
    const more = { ...gauge, entity: { ...gauge.entity, fields: { ...gauge.entity.fields, remark: { type: 'string', label: '备注', maxLength: 100 } } } };
    more.form = { fields: [...gauge.form.fields, 'remark'] };
    await admin.call('put', `/api/visualdev/Base/${designId}`, { modelJson: JSON.stringify(more), version: stored.version });
    const again = await admin.call('post', `/api/visualdev/Base/${designId}/Actions/Release`, {});
    expect(again).toMatchObject({ fields: { added: ['remark'] }, backups: [] });
    const after = await storedRows();
    expect(after).toHaveLength(2);
    after.forEach((row, i) => expect(row).toMatchObject(before[i]!));
    await testerPage.reload();
    await testerPage
      .getByRole('menuitem', { name: TITLE })
      .click()
      .catch(() => undefined);
    const reloaded = new ListPage(testerPage);
    await reloaded.expectRow('游标卡尺A');
    form = await reloaded.edit('游标卡尺A');
    await expect(form.field('量具名称')).toHaveValue('游标卡尺A');
    await expect(form.field('量具编号')).toHaveValue('PG-1');
    await expect(form.field('备注')).toBeVisible();
    await tester.close();
  } finally {
    await context.close();
    await pgRequest.dispose();
    await server.dispose();
  }
});
