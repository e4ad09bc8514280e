import { expect, test, type Locator, type Page } from '@playwright/test';
import { formulaText, rSquareText } from '../../runtime/calc/fit/formulaText';
import { exactPolynomialFit } from '../unit/runtime/calc/exactLeastSquares';
import { ListPage } from './pages/ListPage';
import { LoginPage } from './pages/LoginPage';
import { adminApi } from './support/adminApi';
import { E2E_ADMIN_PASSWORD } from './support/e2eEnv';
import { saveAndRelease } from './support/designerSteps';
import { sheetRows } from './support/sheetRows';

// An online report and a test chart over the real calibration models (schemas/labCalibration): the
// calibration-curve report with its parameter, its dictionary filter (计量参数, fourteen items: the
// one chosen is past the tenth), paging and export; then a calibration record's form, whose test chart
// fits degrees 1–6 over the same points, shows formula and R² (the formula toggled off and on), refuses
// a download before a chart exists, and hands its PNG to the form, which saves it.

const DEVICE = `E2E扭矩扳手${Date.now().toString(36)}`;
/** 12 torque points (quantity 11, 扭矩) and 3 of another quantity (1, 长度), as decimal text */
const TORQUE: [string, string][] = [
  ['1', '2.1'],
  ['2', '3.9'],
  ['3', '6.2'],
  ['4', '7.8'],
  ['5', '10.3'],
  ['6', '11.7'],
  ['7', '14.4'],
  ['8', '15.9'],
  ['9', '18.2'],
  ['10', '19.6'],
  ['11', '22.5'],
  ['12', '23.8'],
];
const LENGTH: [string, string][] = [
  ['13', '26.1'],
  ['14', '28.3'],
  ['15', '29.7'],
];

async function readDownload(page: Page, click: () => Promise<void>): Promise<string[][]> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return sheetRows(download);
}

/** Opens an antd select and clicks one option, scrolling its virtual list until the option is rendered. */
async function choose(page: Page, select: Locator, option: string): Promise<void> {
  await select.click();
  const dropdown = page.locator('.ant-select-dropdown:visible');
  const item = dropdown.locator('.ant-select-item-option').filter({ hasText: new RegExp(`^${option}$`) });
  for (let i = 0; i < 20 && !(await item.isVisible()); i++) {
    await dropdown.locator('.rc-virtual-list-holder').hover();
    await page.mouse.wheel(0, 64);
  }
  await item.click();
}

test('calibration curve report: parameter, dictionary filter past ten items, paging, export; test chart degrees 1–6 and its PNG', async ({ page, request }) => {
  test.setTimeout(240_000);
  const api = await adminApi(request);
  for (const [quantity, points] of [
    ['11', TORQUE],
    ['1', LENGTH],
  ] as const) {
    for (const [x, y] of points) {
      await api.call('post', '/admin/calibrationPoint/add', { deviceName: DEVICE, quantity, standardValue: Number(x), readingValue: Number(y) });
    }
  }
  // another instrument's point, which the report's parameter leaves out
  await api.call('post', '/admin/calibrationPoint/add', { deviceName: `${DEVICE}乙`, quantity: '11', standardValue: 1, readingValue: 99 });

  const login = new LoginPage(page);
  await login.goto();
  await login.signInTo('仪器校准', 'admin', E2E_ADMIN_PASSWORD);
  await page.getByRole('menuitem', { name: '校准曲线' }).click();
  const report = new ListPage(page);
  await expect(report.table).toBeVisible();

  // 1. the parameter (self_device), then the dictionary filter: 扭矩 is the eleventh of fourteen items
  const params = page.getByTestId('report-params');
  await params.getByLabel('仪器名称').fill(DEVICE);
  await params.getByRole('button', { name: /^查\s*询$/ }).click();
  await expect(page.getByText('共15条')).toBeVisible();
  await choose(page, page.getByLabel('计量参数', { exact: true }), '扭矩');
  await page
    .getByRole('button', { name: /^查\s*询$/ })
    .last()
    .click();
  await expect(page.getByText('共12条')).toBeVisible();
  await expect(report.table.locator('tbody tr.ant-table-row')).toHaveCount(10);
  await expect(report.table.locator('tbody tr.ant-table-row').first()).toContainText('扭矩');

  // 2. the second page: the last two points, sorted by standard value
  await page.locator('.ant-pagination-item-2').click();
  await expect(report.table.locator('tbody tr.ant-table-row')).toHaveCount(2);
  await expect(report.row('23.8')).toHaveCount(1);
  await expect(report.row('长度')).toHaveCount(0);

  // 3. export: every row of the query (not one page), the parameter and the filter applied
  const rows = await readDownload(page, () => page.getByRole('button', { name: /^导\s*出$/ }).click());
  expect(rows[0]).toEqual(['仪器名称', '计量参数', '标准值', '示值']);
  expect(rows.slice(1)).toEqual(TORQUE.map(([x, y]) => [DEVICE, '扭矩', x, y]));

  // 4. a calibration record's test chart over the same instrument's fifteen points
  await page.getByRole('menuitem', { name: '校准记录' }).click();
  const records = new ListPage(page);
  await expect(records.table).toBeVisible();
  const form = await records.add();
  await form.fill('仪器名称', DEVICE);
  const chart = form.root.getByTestId('test-chart');
  await chart.getByRole('button', { name: '下载图表' }).click();
  await expect(page.locator('.ant-message').getByText('请先生成图表')).toBeVisible();
  // saving before the chart exists is refused at the chart field, in the same words, and nothing is stored
  await form.submit();
  await expect(form.root.getByText('请先生成图表')).toBeVisible();
  await expect(form.root).toBeVisible();

  const points = [...TORQUE, ...LENGTH];
  const fitLine = chart.getByTestId('chart-fit');
  await chart.getByRole('button', { name: '生成图表' }).click();
  for (let degree = 1; degree <= 6; degree++) {
    if (degree > 1) await choose(page, chart.getByLabel('拟合次数').first(), String(degree));
    const exact = exactPolynomialFit(
      points.map(([x]) => x),
      points.map(([, y]) => y),
      degree,
    );
    await expect(fitLine).toHaveText(`${formulaText(exact.coefficients, { display: true })} ${rSquareText(exact.rSquare)}`);
  }

  // generating cleared the refusal at the field
  await expect(form.root.getByText('请先生成图表')).toHaveCount(0);

  // 5. the formula and R² toggles: off hides each (the other stays), on shows it again; the chart's PNG follows each rebuild
  const formula = chart.getByRole('checkbox', { name: '公式' });
  await formula.uncheck();
  await expect(fitLine).toHaveText(/^\s*R² = \d\.\d{4}$/);
  await formula.check();
  await expect(fitLine).toContainText('y = ');
  const rSquare = chart.getByRole('checkbox', { name: 'R²' });
  await rSquare.uncheck();
  await expect(fitLine).not.toContainText('R²');
  await expect(fitLine).toContainText('y = ');
  await rSquare.check();
  await expect(fitLine).toContainText('R² = ');
  await form.submit();
  await expect(form.root).toBeHidden();

  const saved = await api.call('get', `/admin/calibrationRecord/list?pageSize=100`);
  const record = (saved.records as { deviceName: string; curveChart: string }[]).find((r) => r.deviceName === DEVICE)!;
  expect(record.curveChart).toMatch(/^data:image\/png;base64,/);
  const png = Buffer.from(record.curveChart.split(',')[1]!, 'base64');
  // pixel ratio 2: the image is twice the drawn box (300 px high in the model)
  expect(png.readUInt32BE(20)).toBe(600);
});

test('home page: the monthly chart through the chart widget, ECharts fetched only when the dashboard draws', async ({ page, request }) => {
  const api = await adminApi(request);
  // a calibration record needs its chart (请先生成图表): a 1×1 PNG stands in for it
  const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
  for (const n of [1, 2]) await api.call('post', '/admin/calibrationRecord/add', { deviceName: `E2E月度${n}${Date.now().toString(36)}`, curveChart: png });
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
  });
  // ECharts is a chunk of its own (echarts-<hash>.js), fetched by the chart widget's first drawing
  const charting = () => scripts.some((path) => /\/echarts-[\w-]+\.js$/.test(path));

  const login = new LoginPage(page);
  await login.goto();
  // the sign-in page carries no chart code
  expect(charting()).toBe(false);
  const monthly = page.waitForResponse((r) => r.url().includes('/sys/home/monthly?'));
  await login.signInTo('仪器校准', 'admin', E2E_ADMIN_PASSWORD);
  const answer = await (await monthly).json();
  expect(new URL((await monthly).url()).searchParams.get('months')).toBe('12');
  const records = (answer.result as { name: string; x: string[]; y: number[] }[]).find((s) => s.name === '校准记录')!;
  expect(records.x).toHaveLength(12);
  expect(records.y.at(-1)).toBeGreaterThanOrEqual(2);

  const chart = page.getByRole('img', { name: '每月新增记录' });
  await expect(chart.locator('canvas')).toHaveCount(1);
  await expect(page.getByRole('img', { name: '各模块记录数' }).locator('canvas')).toHaveCount(1);
  expect(charting()).toBe(true);
});

test('a report designed in the designer: a search field and a sorter set in 列表设计, checked, previewed, released and read from its menu', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const api = await adminApi(request);
  const stamp = Date.now().toString(36);
  const modelId = `online.e2eReport${stamp}`;
  const title = `设计报表${stamp}`;
  const device = `E2E设计量具${stamp}`;
  for (const [x, y] of [
    [1, 2.2],
    [2, 4.1],
    [3, 5.9],
  ]) {
    await api.call('post', '/admin/calibrationPoint/add', { deviceName: device, quantity: '11', standardValue: x, readingValue: y });
  }
  // a query model as a design (the JSON view holds the query; the list, model and preview tabs work on it as on any model)
  const design = {
    version: 10,
    id: modelId,
    title,
    screen: { kind: 'query' },
    query: {
      from: 'labCalibration.point',
      fields: { deviceName: 'deviceName', standardValue: 'standardValue', readingValue: 'readingValue' },
      params: { device: { type: 'string', label: '仪器名称', maxLength: 50 } },
      where: [{ field: 'deviceName', op: 'eq', param: 'device' }],
    },
    entity: {
      table: `online_e2e_report${stamp}`,
      tenantScoped: true,
      fields: {
        deviceName: { type: 'string', label: '仪器名称', maxLength: 50 },
        standardValue: { type: 'number', label: '标准值' },
        readingValue: { type: 'number', label: '示值' },
      },
      defaultSort: { field: 'standardValue', order: 'asc' },
    },
    api: { dialect: 'jeecg', base: `/online/designed/e2eReport${stamp}`, operations: { create: false, update: false, delete: false, deleteBatch: false } },
    list: { columns: ['deviceName', 'standardValue', 'readingValue'] },
    permissions: { prefix: `online:e2eReport${stamp}:` },
  };
  await api.call('post', '/api/visualdev/Base', { fullName: title, enCode: modelId, modelJson: JSON.stringify(design) });

  const login = new LoginPage(page);
  await login.goto();
  await login.signInTo('在线开发', 'admin', E2E_ADMIN_PASSWORD);
  await page.getByRole('menuitem', { name: '表单设计器' }).click();
  await expect(page.getByTestId('designer-app')).toBeVisible();
  await page.getByRole('combobox', { name: '选择功能' }).click();
  await page.getByRole('combobox', { name: '选择功能' }).fill(stamp);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: modelId }).click();
  await expect(page.getByTestId('design-editor')).toHaveAttribute('data-design', modelId);

  // 1. 列表设计: 标准值 becomes a search field and a sortable column
  await page.getByRole('tab', { name: '列表设计' }).click();
  const panel = page.getByTestId('list-panel');
  await panel.getByRole('combobox', { name: '查询字段' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="标准值 (standardValue)"]').click();
  await page.keyboard.press('Escape');
  await panel
    .locator('.ant-checkbox-wrapper')
    .filter({ hasText: /^标准值$/ })
    .click();

  // 2. the server's checks pass; the preview renders the report on the real runtime
  await page.getByRole('tab', { name: 'JSON' }).click();
  await expect(page.getByText('模型校验通过')).toBeVisible();
  await page.getByRole('tab', { name: '预览', exact: true }).click();
  const preview = page.getByTestId('designer-preview');
  await expect(preview.locator('thead').getByText('标准值')).toBeVisible();

  // 3. save and release
  await saveAndRelease(page, modelId);

  // 4. a user granted the released report reads it from its menu: parameter, the new search field, the new sorter
  const username = await api.createScreenUser(modelId, ['list'], 'Tester2026');
  const context = await browser.newContext();
  const reader = await context.newPage();
  const readerLogin = new LoginPage(reader);
  await readerLogin.goto();
  await readerLogin.signInTo('在线开发', username, 'Tester2026');
  const item = reader.getByRole('menuitem', { name: title });
  if (!(await item.isVisible())) await reader.getByRole('menuitem', { name: '在线应用' }).click();
  await item.click();
  const report = new ListPage(reader);
  await expect(report.table).toBeVisible();
  const params = reader.getByTestId('report-params');
  await params.getByLabel('仪器名称').fill(device);
  await params.getByRole('button', { name: /^查\s*询$/ }).click();
  await expect(reader.getByText('共3条')).toBeVisible();
  await reader.getByRole('spinbutton', { name: '标准值' }).fill('2');
  await reader
    .getByRole('button', { name: /^查\s*询$/ })
    .last()
    .click();
  await expect(reader.getByText('共1条')).toBeVisible();
  await expect(report.row('4.1')).toHaveCount(1);
  await expect(report.table.locator('thead th.ant-table-column-has-sorters').filter({ hasText: '标准值' })).toHaveCount(1);
  await context.close();
});
