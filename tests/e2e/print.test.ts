import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { pdfImageCounts, pdfText } from '../helpers/pdfText';
import { staffMemberBody } from '../helpers/staffFixture';
import { ListPage } from './pages/ListPage';
import { LoginPage } from './pages/LoginPage';
import { adminApi } from './support/adminApi';
import { E2E_ADMIN_PASSWORD } from './support/e2eEnv';

// a real 1×1 PNG (the signature on the printout)
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

// Issue 10's acceptance "print a record through a template to PDF": a template designed in 打印模板 binds
// the staff record's fields, its technical-title table and the signature; the staff list's 打印 shows the
// printout and downloads the server's PDF, whose text is read back.
test('print templates: design a template, then print a staff record through it to PDF', async ({ page, request }) => {
  // the first PDF loads the CJK font (8 MB) and subsets it: seconds on a loaded machine
  test.setTimeout(180_000);
  const api = await adminApi(request);
  const suffix = Date.now().toString(36).slice(-5);
  const login = await (await request.post('/sys/login', { data: { username: 'admin', password: E2E_ADMIN_PASSWORD } })).json();
  const token = login.result.token as string;
  const uploaded = await (
    await request.post('/sys/common/upload', {
      headers: { 'X-Access-Token': token },
      multipart: { biz: 'image', file: { name: 'sign.png', mimeType: 'image/png', buffer: PNG } },
    })
  ).json();
  const signature = String(uploaded.message);
  const depart = await api.call('post', '/api/permission/Organize/Department', {
    departName: `打印室${suffix}`,
    orgCode: `PD${suffix}`.toUpperCase(),
    status: 1,
  });
  const position = await api.call('post', '/api/permission/Position', { fullName: `打印员${suffix}`, enCode: `P.pr${suffix}` });
  const member = await api.call(
    'post',
    '/admin/user/add',
    staffMemberBody({ username: `pr${suffix}`, realname: `印${suffix}`, workNo: `W${suffix}`, departIds: depart.id, post: position.enCode, images: signature }),
  );
  await api.call('post', '/system/sysUserTechnicalTitles/add', { userId: member.id, technicalTitle: '2', majorName: '桥梁工程', evaluationTime: '2022-05-01' });

  const signIn = new LoginPage(page);
  await signIn.goto();
  await signIn.signInTo('开发平台', 'admin', E2E_ADMIN_PASSWORD);

  // design: bind 员工档案, a title, the name and work number, the technical titles and the signature
  await page.getByRole('menuitem', { name: '打印模板' }).click();
  const templates = new ListPage(page);
  await expect(templates.table).toBeVisible();
  const dialog = await templates.add();
  await dialog.fill('模板名称', `人员档案${suffix}`);
  await dialog.fill('模板编码', `staff.${suffix}`);
  const modal = page.locator('.ant-modal').filter({ hasText: '模板名称' });
  await modal
    .locator('.ant-select')
    .filter({ has: page.locator('input') })
    .nth(1)
    .click();
  await page.keyboard.type('staff.member');
  await page.locator('.ant-select-item-option').filter({ hasText: '(staff.member)' }).click();
  const designer = page.getByTestId('print-designer');
  await designer.getByRole('button', { name: '标题' }).click();
  await designer.getByRole('button', { name: '字段' }).click();
  await designer.getByRole('button', { name: '子表' }).click();
  await designer.getByRole('button', { name: '图片' }).click();
  await expect(designer.locator('.ant-card')).toHaveCount(4);
  await designer.getByLabel('文字', { exact: true }).fill('人员技术档案');
  await designer.getByLabel('说明文字', { exact: true }).fill('本人签名');
  // the fields block also prints the work number; the table prints the technical titles
  await designer
    .locator('.ant-select')
    .filter({ has: page.getByRole('combobox', { name: '字段', exact: true }) })
    .click();
  await page.keyboard.type('工号');
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: /^工号$/ })
    .click();
  await page.keyboard.press('Escape');
  // the fields list closes before the table's opens: a click while it fades out could land in it
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  const tableModel = designer.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: '子表', exact: true }) });
  await tableModel.click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: /^技术职称$/ })
    .click();
  await expect(tableModel.locator('.ant-select-selection-item')).toHaveText('技术职称');
  await dialog.submit();
  await templates.expectToast('添加成功');

  // print: 员工档案 → 打印 on the member's row → preview → 下载PDF
  await page.goto('/#/menuList');
  await page.getByRole('button', { name: '人员管理' }).click();
  await page.getByRole('menuitem', { name: '员工档案' }).click();
  const staff = new ListPage(page);
  await expect(staff.row(`印${suffix}`)).toHaveCount(1);
  await staff.row(`印${suffix}`).getByText('打印', { exact: true }).click();
  const preview = page.locator('.ant-modal').filter({ has: page.getByTestId('print-document') });
  // the dialog starts on the model's first template: choose this run's one by name, so that a template left
  // by an earlier attempt (CI retries) is not the one printed
  const chosenTemplate = preview.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: '打印模板' }) });
  await chosenTemplate.click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: `人员档案${suffix}` })
    .click();
  await expect(chosenTemplate.locator('.ant-select-selection-item')).toHaveText(`人员档案${suffix}`);
  await expect(preview.getByTestId('print-document')).toContainText('人员技术档案');
  await expect(preview.getByTestId('print-document')).toContainText(`印${suffix}`);
  await expect(preview.getByTestId('print-document')).toContainText('桥梁工程');
  await expect(preview.locator('img')).toHaveCount(1);
  const download = page.waitForEvent('download');
  await preview.getByRole('button', { name: '下载PDF' }).click();
  const file = await (await download).path();
  const text = await pdfText(fs.readFileSync(file));
  for (const expected of ['人员技术档案', `印${suffix}`, `W${suffix}`, '桥梁工程', '本人签名']) expect(text).toContain(expected);
  // the signature is on the page as an image, not only its caption
  expect((await pdfImageCounts(fs.readFileSync(file))).reduce((a, b) => a + b, 0)).toBe(1);
});
