import { expect, test } from '@playwright/test';
import { FormDialog } from './pages/FormDialog';
import { ListPage } from './pages/ListPage';
import { LoginPage } from './pages/LoginPage';
import { E2E_ADMIN_PASSWORD } from './support/e2eEnv';

// The app runs under the server's Content-Security-Policy (script-src 'self', no 'unsafe-eval') while a
// model's declarative reaction works: Formily's default compiler (new Function) would be refused by this
// policy, ours (runtime/expression) is not. The position model served by the real server is given a
// visibleWhen on its way to the browser: 说明 shows only once 岗位编码 has a value.
test('reactions work under a CSP without unsafe-eval, with no violation and no console error', async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective}: ${event.blockedURI} ${event.sample}`));
  });
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));

  await page.route('**/system/model/system.position*', async (route) => {
    const response = await route.fetch();
    if (response.status() !== 200) return route.fulfill({ response });
    const body = (await response.json()) as { result: { model: { form: { fields: (string | { field: string })[] } } } };
    body.result.model.form.fields = body.result.model.form.fields.map((item) =>
      typeof item === 'object' && item.field === 'description' ? { ...item, visibleWhen: 'len(enCode) > 0 && !isEmpty(enCode)' } : item,
    );
    await route.fulfill({ response, json: body });
  });

  const login = new LoginPage(page);
  const entry = await page.goto('/#/user/login');
  const policy = entry?.headers()['content-security-policy'] ?? '';
  expect(policy).toMatch(/script-src 'self'(;|$)/);
  expect(policy).not.toContain('unsafe-eval');
  await login.signInTo('系统管理', 'admin', E2E_ADMIN_PASSWORD);

  await page.getByRole('menuitem', { name: '岗位管理' }).click();
  const positions = new ListPage(page);
  await expect(positions.table).toBeVisible();
  const dialog: FormDialog = await positions.add();
  await expect(dialog.field('岗位名称')).toBeVisible();
  await expect(dialog.field('说明')).toHaveCount(0);
  await dialog.fill('岗位编码', 'QE01');
  await expect(dialog.field('说明')).toBeVisible();
  await dialog.fill('岗位编码', '');
  await expect(dialog.field('说明')).toHaveCount(0);

  expect(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
