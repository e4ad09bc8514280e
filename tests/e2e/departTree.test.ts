import { expect, test } from '@playwright/test';
import { ListPage } from './pages/ListPage';
import { LoginPage } from './pages/LoginPage';
import { adminApi } from './support/adminApi';
import { E2E_ADMIN_PASSWORD } from './support/e2eEnv';

// 部门管理: a department with sub-departments is not deleted (it would leave them orphans, out of the
// tree with their members): the server's refusal shows, and both departments stay.
test('部门管理: deleting a department that has a sub-department shows why it is refused', async ({ page, request }) => {
  const api = await adminApi(request);
  const tag = Date.now().toString(36).slice(-5).toUpperCase();
  const parent = await api.call('post', '/api/permission/Organize/Department', { departName: `上级部门${tag}`, orgCode: `TP${tag}` });
  await api.call('post', '/api/permission/Organize/Department', { departName: `下级部门${tag}`, orgCode: `TC${tag}`, parentId: parent.id });

  const login = new LoginPage(page);
  await login.goto();
  await login.signInTo('系统管理', 'admin', E2E_ADMIN_PASSWORD);
  await page.getByRole('menuitem', { name: '部门管理' }).click();
  const departs = new ListPage(page);
  await expect(departs.table).toBeVisible();
  await departs.search(`上级部门${tag}`);
  await departs.expectRow(`上级部门${tag}`);

  await departs.remove(`上级部门${tag}`, '此操作将永久删除该数据, 是否继续？');
  await expect(page.getByText('该节点下有下级数据，不能删除')).toBeVisible();
  await departs.expectRow(`上级部门${tag}`);
});
