import { expect, test, type Page } from '@playwright/test';
import { LoginPage } from './pages/LoginPage';
import { E2E_ADMIN_PASSWORD } from './support/e2eEnv';

// The generic form's labels are read whole in every language (issue: "Mes…" for "Message category" in
// the two-column 系统公告 form in English): a label too long for its column wraps instead of being cut.

test.describe.configure({ timeout: 120_000 });

/** The labels of the open dialog's form cut short (text overflowing its box), as their texts. */
async function cutLabels(page: Page): Promise<string[]> {
  const dialog = page.locator('.ant-modal').filter({ visible: true }).last();
  await expect(dialog.locator('.ant-formily-item-label').first()).toBeVisible();
  return dialog
    .locator('.ant-formily-item-label-content')
    .evaluateAll((labels) =>
      labels
        .filter((label) => label.scrollWidth > label.clientWidth + 1 || label.scrollHeight > label.clientHeight + 1)
        .map((label) => label.textContent ?? ''),
    );
}

test('the labels of a two-column form are whole in zh-CN and English, at 1440 px and 375 px', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const login = new LoginPage(page);
  await login.goto();
  await login.signInTo('系统管理', 'admin', E2E_ADMIN_PASSWORD);
  for (const [language, lang, add] of [
    ['简体中文', 'zh-CN', /^新\s*增$/],
    ['English', 'en', /^Add$/],
  ] as const) {
    if (lang !== 'zh-CN') {
      await page.getByRole('button', { name: /^(语言|Language|語言)$/ }).click();
      await page.getByRole('menuitem', { name: language }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
    }
    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/#/system/annountCement');
      await page.getByRole('button', { name: add }).first().click();
      expect(await cutLabels(page), `${lang} at ${width} px`).toEqual([]);
      await page.screenshot({ path: testInfo.outputPath(`announcement-form-${lang}-${width}.png`) });
      if (lang === 'en') await expect(page.locator('.ant-modal').filter({ visible: true }).getByText('Message category', { exact: true })).toBeVisible();
      const dialog = page.locator('.ant-modal').filter({ visible: true }).last();
      await dialog
        .locator('.ant-modal-footer')
        .getByRole('button', { name: /^(关\s*闭|Close)$/ })
        .click();
      await expect(dialog).toBeHidden();
    }
  }
});
