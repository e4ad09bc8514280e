import { expect, test, type Page } from '@playwright/test';
import { LoginPage } from './pages/LoginPage';
import { E2E_ADMIN_PASSWORD } from './support/e2eEnv';

// Details of the shell (spec 000 §2) a new user meets: where the fixed redirects lead a visitor, the breadcrumb of
// a fixed page that is no menu entry, and the settings drawer's rows in each language.

async function signedIn(page: Page): Promise<void> {
  const login = new LoginPage(page);
  await login.goto();
  await login.signInTo('系统管理', 'admin', E2E_ADMIN_PASSWORD);
}

test('a visitor: /user is the sign-in page itself, / and /test ask to sign in for where they lead', async ({ page }) => {
  await page.goto('/#/user');
  await expect(page).toHaveURL(/#\/user\/login$/);
  await expect(page.getByRole('button', { name: /登\s*录/ })).toBeVisible();
  await page.goto('/#/');
  await expect(page).toHaveURL(/#\/user\/login\?redirect=%2Fdashboard%2Fanalysis$/);
  await page.goto('/#/test');
  await expect(page).toHaveURL(/#\/user\/login\?redirect=%2Ftest%2Fhome$/);
});

test('the breadcrumb starts with Home and names my announcements, which is no menu entry', async ({ page }) => {
  await signedIn(page);
  await page.goto('/#/isps/userAnnouncement');
  await expect(page).toHaveTitle('我的消息 · 云数字实验室');
  await expect(page.locator('.ant-breadcrumb li:not(.ant-breadcrumb-separator)')).toHaveText(['首页', '我的消息']);
  await page.locator('.ant-breadcrumb').getByRole('link', { name: '首页' }).click();
  await expect(page).toHaveURL(/#\/dashboard\/analysis$/);
  await expect(page.locator('.ant-breadcrumb li:not(.ant-breadcrumb-separator)')).toHaveText(['首页']);
});

test('settings drawer: every row label keeps to one line beside or above its control, each group of choices on one line, in every language', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signedIn(page);
  for (const [name, lang] of [
    ['简体中文', 'zh-CN'],
    ['English', 'en'],
    ['繁體中文', 'zh-TW'],
  ] as const) {
    if ((await page.locator('html').getAttribute('lang')) !== lang) {
      await page.getByRole('button', { name: /^(语言|Language|語言)$/ }).click();
      await page.getByRole('menuitem', { name }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
    }
    await page.getByRole('button', { name: /^(系统设置|Settings|系統設定)$/ }).click();
    const drawer = page.locator('.ant-drawer-open .ant-drawer-content');
    const rows = drawer.locator('.ant-list-item');
    await expect(rows.first()).toBeVisible();
    // measured once the drawer has slid in
    await expect.poll(() => drawer.evaluate((el) => el.getBoundingClientRect().right)).toBeLessThanOrEqual(1441);
    await page.screenshot({ path: testInfo.outputPath(`settings-${lang}.png`) });
    expect(await rows.count()).toBeGreaterThanOrEqual(6);
    for (const row of await rows.all()) {
      // the label is the row's first node (its control follows in the row's actions)
      const label = await row.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        range.setEndBefore(el.querySelector('.ant-list-item-action')!);
        const lineHeight = parseFloat(getComputedStyle(el).lineHeight) || 22;
        return { text: range.toString().trim(), lines: Math.round(range.getBoundingClientRect().height / lineHeight) };
      });
      expect(label, `${lang}: ${label.text}`).toEqual({ text: label.text, lines: 1 });
    }
    // and each group of choices on one line
    for (const group of await drawer.locator('.ant-radio-group').all()) {
      const tops = await group.locator('.ant-radio-button-wrapper').evaluateAll((buttons) => buttons.map((b) => Math.round(b.getBoundingClientRect().top)));
      expect(new Set(tops).size, `${lang}: ${await group.innerText()}`).toBe(1);
    }
    await page.keyboard.press('Escape');
    await expect(page.locator('.ant-drawer-open')).toHaveCount(0);
  }
  await page.getByRole('button', { name: /^(语言|Language|語言)$/ }).click();
  await page.getByRole('menuitem', { name: '简体中文' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
});

test('at 375 px the notice popover, 300 px wide, stays on screen', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signedIn(page);
  await page.getByTestId('notice-bell').click();
  const popover = page.getByTestId('notice-popover');
  await expect(popover).toBeVisible();
  await expect(popover.getByRole('button', { name: '查看更多' })).toBeVisible();
  expect(await popover.evaluate((el) => getComputedStyle(el).width)).toBe('300px');
  // measured once its opening motion has ended
  await expect(page.locator('.ant-popover.ant-zoom-big-appear, .ant-popover.ant-zoom-big-enter')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('notice-popover-375.png') });
  const box = (await popover.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
});
