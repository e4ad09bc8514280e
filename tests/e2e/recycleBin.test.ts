import { expect, test } from '@playwright/test';
import { ListPage } from './pages/ListPage';
import { LoginPage } from './pages/LoginPage';
import { adminApi } from './support/adminApi';
import { E2E_ADMIN_PASSWORD } from './support/e2eEnv';

// Issue 10: an administrator restores a deleted user from the recycle bin (系统管理 › 回收站), and the
// account exists again under its own id.
test('recycle bin: a deleted user is listed and restored', async ({ page, request }) => {
  const api = await adminApi(request);
  const username = `bin${Date.now().toString(36)}`;
  const user = await api.call('post', '/api/permission/Users', { username, realname: '回收站用户', password: 'Passw0rd1' });
  const token = (await (await request.post('/sys/login', { data: { username: 'admin', password: E2E_ADMIN_PASSWORD } })).json()).result.token as string;
  const removed = await (await request.delete(`/api/permission/Users/${user.id}`, { headers: { 'X-Access-Token': token } })).json();
  expect(removed.code, JSON.stringify(removed)).toBe(200);

  const login = new LoginPage(page);
  await login.goto();
  await login.signInTo('系统管理', 'admin', E2E_ADMIN_PASSWORD);
  await page.getByRole('menuitem', { name: '回收站' }).click();
  const bin = new ListPage(page);
  await expect(bin.table).toBeVisible();
  await bin.expectRow(username);

  await bin.row(username).getByText('还原', { exact: true }).click();
  await page
    .locator('.ant-popconfirm, .ant-popover, .ant-modal-confirm')
    .filter({ hasText: '确定要还原吗?' })
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await bin.expectToast('操作成功！');
  await bin.expectNoRow(username);

  const again = await api.call('get', `/api/permission/Users/${user.id}`);
  expect(again).toMatchObject({ id: user.id, username });
});
