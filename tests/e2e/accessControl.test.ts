import { expect, test, type Locator, type Page } from '@playwright/test';
import { ListPage } from './pages/ListPage';
import { LoginPage } from './pages/LoginPage';
import { adminApi } from './support/adminApi';
import { E2E_ADMIN_PASSWORD } from './support/e2eEnv';

// Issue 9's acceptance, as an administrator sets up access and as the user then meets it:
// 1. the admin creates a role in 角色管理 and, through its 授权 tree, grants 岗位管理 with only its 查询
//    and 新增 buttons; the role gets a department-only data rule on positions and hides their 说明 field;
//    a user of that role in the 检测 department is created with a first password;
// 2. the user signs in (changing the first password as asked) and sees only the granted buttons, only
//    their department's positions and no 说明 column; the server refuses the missing actions too;
// 3. the admin opens 在线用户 from 系统管理's menu and forces the user's session off (强制退出), and the
//    user's open page is signed out at once.

/** The 授权 dialog's checkbox of the node whose title is exactly `title`. */
function treeCheckbox(tree: Locator, page: Page, title: string): Locator {
  return tree.locator('.ant-tree-treenode', { has: page.getByTitle(title, { exact: true }) }).locator('.ant-tree-checkbox');
}

test('access control: role with some Positions buttons and a department rule, its user, forced offline from 在线用户', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const api = await adminApi(request);
  const suffix = Date.now().toString(36).slice(-5).toUpperCase();
  const roleName = `岗位查看员${suffix}`;
  const username = `acuser${suffix.toLowerCase()}`;
  const firstPassword = `First${suffix}x9`;
  const password = `Chosen${suffix}x8`;

  // fixtures the test reads back: two departments with one position each (the own-department rule tells them apart)
  const testing = await api.call('post', '/api/permission/Organize/Department', { departName: `检测部${suffix}`, orgCode: `ACT${suffix}`, status: 1 });
  const quality = await api.call('post', '/api/permission/Organize/Department', { departName: `质量部${suffix}`, orgCode: `ACQ${suffix}`, status: 1 });
  const own = await api.call('post', '/api/permission/Position', {
    fullName: `本部门岗位${suffix}`,
    enCode: `ACO${suffix}`,
    organizeId: testing.id,
    description: `不该看到的说明${suffix}`,
  });
  await api.call('post', '/api/permission/Position', { fullName: `他部门岗位${suffix}`, enCode: `ACX${suffix}`, organizeId: quality.id });

  // 1. the administrator: a role, and its grants through the 授权 tree
  const login = new LoginPage(page);
  await login.goto();
  await login.signInTo('系统管理', 'admin', E2E_ADMIN_PASSWORD);
  await page.getByRole('menuitem', { name: '角色管理' }).click();
  const roles = new ListPage(page);
  await expect(roles.table).toBeVisible();
  const roleDialog = await roles.add();
  await roleDialog.fill('角色名称', roleName);
  await roleDialog.fill('角色编码', `acview${suffix.toLowerCase()}`);
  await roleDialog.submit();
  await roles.expectToast('添加成功');
  await roles.search(roleName);
  await roles.expectRow(roleName);

  await roles.row(roleName).getByRole('button', { name: '授权' }).click();
  const authorize = page.getByRole('dialog').filter({ hasText: '角色授权' });
  const tree = authorize.getByTestId('role-authorize-tree');
  await expect(tree).toBeVisible();
  for (const title of ['系统管理', '岗位管理', '查询（按钮 system:position:list）', '新增（按钮 system:position:add）']) {
    await treeCheckbox(tree, page, title).click();
    await expect(treeCheckbox(tree, page, title)).toHaveClass(/ant-tree-checkbox-checked/);
  }
  await expect(treeCheckbox(tree, page, '删除（按钮 system:position:delete）')).not.toHaveClass(/ant-tree-checkbox-checked/);
  const saved = page.waitForResponse((r) => r.url().includes('/Authorize') && r.request().method() === 'PUT');
  await authorize.getByRole('button', { name: /保\s*存/ }).click();
  expect((await saved).status()).toBe(200);
  // on the loaded two-core machine the page can take well over 10 s from the answer to the toast
  await expect(page.getByText('授权成功', { exact: true })).toBeVisible({ timeout: 30_000 });

  // the role's department-only data rule on positions, and 说明 hidden for it; the user in the 检测 department
  const roleRow = (await api.call('get', `/api/permission/Role?keyword=${encodeURIComponent(roleName)}`)).list[0] as { id: string };
  const rule = await api.call('post', '/sys/dataRule/add', { name: `本部门岗位${suffix}`, modelId: 'system.position', kind: 'department', enabled: 1 });
  await api.call('post', '/sys/roleDataRule/add', { roleId: roleRow.id, ruleId: rule?.id ?? (await ruleIdOf(api, `本部门岗位${suffix}`)) });
  await api.call('post', '/sys/roleField/add', { roleId: roleRow.id, modelId: 'system.position', field: 'description', access: 'hidden' });
  const user = await api.call('post', '/api/permission/Users', { username, realname: `受限用户${suffix}`, password: firstPassword });
  await api.call('post', '/api/permission/UserRole', { userId: user.id, roleId: roleRow.id });
  await api.call('post', '/api/permission/UserDepartment', { userId: user.id, depId: testing.id });

  // 2. the user, in their own browser: the first sign-in asks for a new password
  const userContext = await browser.newContext({ baseURL, locale: 'zh-CN' });
  const userPage = await userContext.newPage();
  const userLogin = new LoginPage(userPage);
  await userLogin.goto();
  const signedIn = userPage.waitForResponse((r) => r.url().endsWith('/sys/login') && r.request().method() === 'POST');
  await userLogin.signIn(username, firstPassword);
  const token = ((await (await signedIn).json()) as { result: { token: string } }).result.token;
  const change = userPage.getByRole('dialog').filter({ hasText: '修改初始密码' });
  await expect(change).toBeVisible();
  await change.getByLabel('旧密码').fill(firstPassword);
  await change.getByLabel('新密码', { exact: true }).fill(password);
  await change.getByLabel('确认新密码').fill(password);
  await change.getByRole('button', { name: /确\s*认/ }).click();
  await expect(change).toBeHidden();
  await userPage.getByRole('button', { name: '系统管理' }).click();
  await expect(userPage).toHaveURL(/#\/dashboard\/analysis$/);

  // only the granted menu and buttons, only their department's rows, no hidden column
  await expect(userPage.getByRole('menuitem', { name: '角色管理' })).toHaveCount(0);
  await userPage.getByRole('menuitem', { name: '岗位管理' }).click();
  const positions = new ListPage(userPage);
  await expect(positions.table).toBeVisible();
  await positions.expectRow(`本部门岗位${suffix}`);
  await positions.expectNoRow(`他部门岗位${suffix}`);
  await expect(positions.table.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expect(userPage.getByText('共1条')).toBeVisible();
  await expect(userPage.getByRole('button', { name: /新\s*增/ }).first()).toBeVisible();
  await expect(positions.table.getByRole('columnheader', { name: '岗位名称' })).toBeVisible();
  await expect(positions.table.getByRole('columnheader', { name: '说明' })).toHaveCount(0);
  await expect(positions.table.getByText(`不该看到的说明${suffix}`)).toHaveCount(0);
  const row = positions.row(`本部门岗位${suffix}`);
  for (const hidden of ['编辑', '删除']) await expect(row.getByText(hidden, { exact: true })).toHaveCount(0);
  for (const hidden of [/导\s*出/, /导\s*入/]) await expect(userPage.getByRole('button', { name: hidden })).toHaveCount(0);

  // the server refuses what the page does not offer, and does not hand out the hidden field
  const asUser = { 'X-Access-Token': token };
  const removed = await request.delete(`/api/permission/Position/${own.id}`, { headers: asUser });
  expect(removed.status()).toBe(403);
  const edited = await request.put(`/api/permission/Position/${own.id}`, { headers: asUser, data: { fullName: '改名', version: 1 } });
  expect(edited.status()).toBe(403);
  const read = await (await request.get(`/api/permission/Position?keyword=${suffix}`, { headers: asUser })).json();
  expect(read.data.list.map((p: { fullName: string }) => p.fullName)).toEqual([`本部门岗位${suffix}`]);
  expect(read.data.list[0]).not.toHaveProperty('description');

  // 3. the administrator opens 在线用户 from the menu and forces the user's session off: the user's open page is signed out
  await page.getByRole('menuitem', { name: '在线用户' }).click();
  const sessions = new ListPage(page);
  await expect(sessions.table.getByRole('columnheader', { name: '登录IP' })).toBeVisible();
  await sessions.search(username);
  await sessions.expectRow(username);
  await expect(sessions.row(username)).toContainText('127.0.0.1');
  await sessions.row(username).getByRole('button', { name: '强制退出' }).click();
  const forced = page.waitForResponse((r) => r.url().includes('/api/permission/OnlineUsers/') && r.url().includes('/Actions/SignOut'));
  await page
    .locator('.ant-popover')
    .filter({ hasText: '确定强制该用户退出？' })
    .getByRole('button', { name: /确\s*定/ })
    .click();
  expect((await forced).status()).toBe(200);
  await sessions.expectNoRow(username);
  await expect(userPage).toHaveURL(/#\/user\/login/, { timeout: 15_000 });
  expect((await request.get('/api/permission/Position', { headers: asUser })).status()).toBe(401);
  await userContext.close();
});

/** A data rule's id by its name, for a create answer that does not carry it. */
async function ruleIdOf(api: Awaited<ReturnType<typeof adminApi>>, name: string): Promise<string> {
  const found = await api.call('get', `/sys/dataRule/list?keyword=${encodeURIComponent(name)}`);
  return (found.records as Array<{ id: string }>)[0]!.id;
}
