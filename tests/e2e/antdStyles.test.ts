import { expect, test, type Page } from '@playwright/test';
import { ListPage } from './pages/ListPage';
import { LoginPage } from './pages/LoginPage';
import { E2E_ADMIN_PASSWORD } from './support/e2eEnv';

// antd's styles of the first screens are prerendered by the build for the default theme
// (scripts/antdFirstScreenStyles.ts, docs/client-budgets.md rule 9): antd takes them from that stylesheet
// instead of generating and inserting them while the list renders. Any other theme colour has antd generate
// its styles at run time, as before.

/** Whether antd inserted a <style> of its own holding `selector` (a style it generated at run time). */
function insertedStyleHolds(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((text) => [...document.querySelectorAll('style')].some((style) => (style.textContent ?? '').includes(text)), selector);
}

async function openPositions(page: Page): Promise<ListPage> {
  const login = new LoginPage(page);
  await login.goto();
  await login.signInTo('系统管理', 'admin', E2E_ADMIN_PASSWORD);
  await page.getByRole('menuitem', { name: '岗位管理' }).click();
  const positions = new ListPage(page);
  await expect(positions.table.locator('thead th').nth(1)).toBeVisible();
  return positions;
}

test('the list page in the default theme is styled from the prerendered stylesheet', async ({ page }) => {
  const positions = await openPositions(page);
  await expect(page.getByRole('button', { name: /^新\s*增$/ })).toHaveCSS('background-color', 'rgb(24, 144, 255)');
  await expect(positions.table.locator('thead th').nth(1)).toHaveCSS('background-color', 'rgb(250, 250, 250)');
  await expect(page.getByRole('menuitem', { name: '岗位管理' })).toHaveCSS('color', 'rgb(24, 144, 255)');
  for (const selector of ['.ant-btn{', '.ant-table-wrapper', '.ant-menu{', '.ant-tabs{', '.ant-pagination{']) {
    expect(await insertedStyleHolds(page, selector), `antd generated ${selector} at run time`).toBe(false);
  }
});

test('another theme colour has antd generate its styles at run time', async ({ page }) => {
  await page.addInitScript(() => {
    window.localStorage.setItem('cloudlab__layoutSettings', JSON.stringify({ value: { primaryColor: '#722ED1' }, expire: null }));
  });
  await openPositions(page);
  await expect(page.getByRole('button', { name: /^新\s*增$/ })).toHaveCSS('background-color', 'rgb(114, 46, 209)');
  expect(await insertedStyleHolds(page, '.ant-btn{')).toBe(true);
});
