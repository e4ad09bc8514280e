import { expect, test } from '@playwright/test';
import { LoginPage } from './pages/LoginPage';
import { adminApi } from './support/adminApi';

test.describe.configure({ timeout: 120_000 });
test.use({ actionTimeout: 20_000 });

// Spec 000 §2: the department switch dialog ('Department switch', with the current department's name once one is
// chosen; '您尚未设置部门信息!' for a user without any), against the real server; and the user layout of the
// sign-in page (logo, QR code to the app download page with 'scan to download the app', footer).

// The case failed in the final gate of 2026-11-25 with its dialog open. Cause: the first opening's list answers
// after the dialog had opened, and its check could pass on the sign-in's own '您尚未设置部门信息!' toast, so the
// test went on while that answer was still on its way (a loaded machine makes it slow). The dialog now opens only
// once the list is known (none: the warning alone), and the test waits for each opening's own answer. Its first
// answer is held back on purpose, as on a loaded machine.
test('department switch: the warning without departments, then choosing one and its name in the title', async ({ page, request }) => {
  const admin = await adminApi(request);
  const suffix = Date.now().toString(36);
  const username = `depart${suffix}`;
  const password = 'Depart2026ok';
  const userId = await admin.createReader(username, password);
  const login = new LoginPage(page);
  await login.goto();
  await login.signInTo('系统管理', username, password);
  const warning = page.locator('.ant-message').getByText('您尚未设置部门信息!');
  // signing in without departments already warned once (spec 000 §2): let that toast go first
  await expect(warning).toHaveCount(0, { timeout: 15_000 });

  // the dialog asks for the list when it mounts: what the page shows while that answer is held is what a user
  // on a slow connection sees
  let slowAnswers = 1;
  let dialogsWhileLoading = -1;
  await page.route('**/sys/user/getCurrentUserDeparts*', async (route) => {
    if (slowAnswers-- > 0) {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      dialogsWhileLoading = await page.getByRole('dialog').count();
    }
    await route.continue();
  });
  // the request and its answer are awaited apart, so a failure tells whether the dialog never asked
  // (2026-11-26 CI: no answer within 20 s, once in many runs; not reproduced at load 8, 4/4) or the
  // answer never came; the answer itself is held 2 s on purpose below
  const departsAnswered = async () => {
    const departs = (r: { url(): string }) => r.url().includes('/sys/user/getCurrentUserDeparts');
    const answered = page.waitForResponse(departs, { timeout: 30_000 });
    try {
      await page.waitForRequest(departs, { timeout: 30_000 });
    } catch {
      answered.catch(() => {});
      throw new Error('the department dialog did not ask for GET /sys/user/getCurrentUserDeparts within 30 s');
    }
    return answered;
  };
  const openSwitch = async () => {
    await page.getByRole('button', { name: '用户菜单' }).click();
    await page.getByRole('menuitem', { name: '切换部门' }).click();
  };
  // no department: while the list is on its way nothing opens; then the warning, and still no dialog
  let answered = departsAnswered();
  await openSwitch();
  await answered;
  expect(dialogsWhileLoading).toBe(0);
  await expect(warning).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // two departments of this user (set up by an administrator while the user stays signed in)
  const names = [`检测一室${suffix}`, `质量部${suffix}`];
  for (const [i, departName] of names.entries()) {
    const depart = await admin.call('post', '/api/permission/Organize/Department', { departName, orgCode: `D${i}${suffix}`.toUpperCase(), status: 1 });
    await admin.call('post', '/api/permission/UserDepartment', { userId, depId: depart.id });
  }
  answered = departsAnswered();
  await openSwitch();
  await answered;
  let dialog = page.getByRole('dialog').filter({ hasText: '部门切换' });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('.ant-modal-title')).toHaveText('部门切换');
  // 确认 without a choice marks the field invalid (spec 001 §5) and sends nothing
  let putsBeforeChoice = 0;
  const countPut = (r: { method(): string; url(): string }) => void (r.method() === 'PUT' && r.url().includes('/sys/selectDepart') && putsBeforeChoice++);
  page.on('request', countPut);
  await dialog.getByRole('button', { name: /确\s*认/ }).click();
  await expect(dialog.locator('.ant-form-item-has-error')).toContainText('请选择部门');
  page.off('request', countPut);
  expect(putsBeforeChoice).toBe(0);
  await dialog.getByRole('combobox', { name: '部门' }).click();
  await expect(page.getByTitle(names[0]!)).toBeVisible();
  await page.getByTitle(names[1]!).click();
  await expect(dialog.locator('.ant-select-selection-item')).toHaveText(names[1]!);
  const switched = page.waitForRequest((r) => r.method() === 'PUT' && r.url().includes('/sys/selectDepart'));
  await dialog.getByRole('button', { name: /确\s*认/ }).click();
  expect((await switched).postDataJSON()).toEqual({ orgCode: `D1${suffix}`.toUpperCase(), username });
  await expect(page.locator('.ant-message').getByText('部门切换成功')).toBeVisible();
  await expect(dialog).toBeHidden();

  // the next opening names the current department, and the choice survived on the server
  answered = departsAnswered();
  await openSwitch();
  await answered;
  dialog = page.getByRole('dialog').filter({ hasText: '部门切换' });
  await expect(dialog.locator('.ant-modal-title')).toHaveText(`部门切换（${names[1]}）`);
  await dialog.getByRole('button', { name: /关\s*闭/ }).click();
  await expect(dialog).toBeHidden();
  expect(await page.evaluate(() => JSON.parse(window.localStorage.getItem('cloudlab__userInfo')!).value.orgCode)).toBe(`D1${suffix}`.toUpperCase());
});

test('user layout: logo and name, the app download QR code with its caption, and the footer', async ({ page }) => {
  await new LoginPage(page).goto();
  await expect(page.getByRole('heading', { name: '云数字实验室' })).toBeVisible();
  const qr = page.getByRole('figure', { name: '扫码下载APP' });
  await expect(qr).toBeVisible();
  await expect(qr.locator('svg')).toBeVisible();
  await expect(qr.getByText('扫码下载APP')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText(/Copyright © \d{4} 云数字实验室/);
  // the QR code sits below the form on a phone too, without sideways scrolling
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(qr).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
});
