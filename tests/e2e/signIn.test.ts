import { expect, test } from '@playwright/test';
import { LoginPage } from './pages/LoginPage';
import { E2E_ADMIN_PASSWORD } from './support/e2eEnv';

// The sign-in page as a first visit gets it: drawn without antd (docs/client-budgets.md rule 1), it must still
// behave and look as the antd page did, in the theme colour of the settings drawer.

test('a refused sign-in shows the server’s reason and asks for the slider again; the next one signs in', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page.getByText('请输入用户名')).toBeVisible();
  await expect(page.getByText('请输入密码')).toBeVisible();
  await expect(page.getByText('请先完成滑块验证')).toBeVisible();

  await login.signIn('no-such-user', 'Wrong123');
  await expect(page.getByRole('alert').filter({ hasText: '用户名或密码错误' })).toBeVisible();
  await expect(page.getByRole('slider')).toHaveAttribute('aria-valuenow', '0');
  // the password can be shown and hidden
  const password = page.getByPlaceholder('密码');
  await page.getByRole('img', { name: 'eye-invisible' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('img', { name: 'eye' }).click();
  await expect(password).toHaveAttribute('type', 'password');

  await login.signInTo('系统管理', 'admin', E2E_ADMIN_PASSWORD);
});

test('signing in needs neither antd nor the app’s later stages, and their files failing costs the page nothing', async ({ page }) => {
  // docs/client-budgets.md, the `http` stage: were the HTTP client's chunk to import one of them (a module
  // moved into a shared chunk by the build), the request would wait for its download; refused, it could not
  // leave at all. And the page's QR code (antd, fetched once idle) failing to load must leave the form usable.
  const refused: string[] = [];
  await page.route(/\/assets\/(antd|shell|area)[-.][^/]*\.js$/, (route) => {
    refused.push(new URL(route.request().url()).pathname);
    return route.abort();
  });
  const login = new LoginPage(page);
  await login.goto();
  const request = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).hash === '' && r.url().endsWith('/sys/login'));
  await login.signIn('no-such-user', 'Wrong123');
  await request;
  await expect(page.getByRole('alert').filter({ hasText: '用户名或密码错误' })).toBeVisible();
  // the sign-in page does ask for antd on its own, once idle (its QR code): the route above was in force
  await expect.poll(() => refused.length).toBeGreaterThan(0);
});

test('the sign-in page takes the theme colour chosen in the settings', async ({ page }) => {
  await page.addInitScript(() => {
    window.localStorage.setItem('cloudlab__layoutSettings', JSON.stringify({ value: { primaryColor: '#722ED1' }, expire: null }));
  });
  await new LoginPage(page).goto();
  const purple = 'rgb(114, 46, 209)';
  await expect(page.getByRole('button', { name: /登\s*录/ })).toHaveCSS('background-color', purple);
  await expect(page.getByRole('button', { name: 'English' })).toHaveCSS('color', purple);
  await page.getByPlaceholder('用户名').focus();
  await expect(page.getByPlaceholder('用户名').locator('..')).toHaveCSS('border-color', purple);
});
