import { expect, test, type Page } from '@playwright/test';
import { ListPage } from './pages/ListPage';
import { LoginPage } from './pages/LoginPage';
import { adminApi } from './support/adminApi';
import { E2E_ADMIN_PASSWORD } from './support/e2eEnv';

// Issue 9's access screens as an administrator uses them: 菜单管理 as a tree table (add a top menu, 添加下级,
// expand, the delete rules), 数据规则's 预览 count for a chosen user, and 系统管理 › 在线用户: the sessions, the
// caller's own marked 当前会话, and 强制退出 of one session only.

/** Confirms the open popover asking `question`, and waits until it has gone (the next one is then the only one). */
async function confirmPopover(page: Page, question: string): Promise<void> {
  const popover = page.locator('.ant-popover:visible').filter({ hasText: question });
  await popover.getByRole('button', { name: /确\s*定/ }).click();
  await expect(popover).toHaveCount(0);
}

test('菜单管理: a top menu, a child added with 添加下级, shown when its parent unfolds, deleted leaf first', async ({ page }) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36).slice(-5).toUpperCase();
  const top = `检测菜单${suffix}`;
  const child = `样品登记${suffix}`;
  const login = new LoginPage(page);
  await login.goto();
  await login.signInTo('系统管理', 'admin', E2E_ADMIN_PASSWORD);
  await page.getByRole('menuitem', { name: '菜单管理' }).click();
  const table = page.locator('.ant-table').first();
  // the roots only: no sub-menu of 系统管理 among them
  await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
  await expect(table.locator('tbody tr').filter({ hasText: '用户管理' })).toHaveCount(0);

  await page
    .getByRole('button', { name: /新\s*增/ })
    .first()
    .click();
  const addTop = page.getByRole('dialog').filter({ has: page.getByText('新增', { exact: true }) });
  await addTop.getByLabel('一级菜单').check();
  await addTop.getByLabel('菜单名称', { exact: true }).fill(top);
  await addTop.getByRole('button', { name: /确\s*认/ }).click();
  await expect(page.getByText('添加成功')).toBeVisible();
  const topRow = table.locator('tbody tr').filter({ hasText: top });
  await expect(topRow).toHaveCount(1);

  await topRow.getByRole('button', { name: '添加下级' }).click();
  const addChild = page.getByRole('dialog').filter({ has: page.getByText('新增', { exact: true }) });
  await expect(addChild.getByLabel('子菜单')).toBeChecked();
  await expect(addChild.getByText(top)).toBeVisible();
  await addChild.getByLabel('菜单名称', { exact: true }).fill(child);
  await addChild.getByRole('button', { name: /确\s*认/ }).click();
  await expect(page.getByText('添加成功').last()).toBeVisible();

  await topRow.locator('.ant-table-row-expand-icon').click();
  const childRow = table.locator('tbody tr').filter({ hasText: child });
  await expect(childRow).toHaveCount(1);

  // a node with children stays; its leaf goes, then the node
  await topRow.getByRole('button', { name: '删除' }).click();
  await confirmPopover(page, '确定删除吗?');
  await expect(page.getByText('该节点下有下级数据，不能删除')).toBeVisible();
  await childRow.getByRole('button', { name: '删除' }).click();
  await confirmPopover(page, '确定删除吗?');
  await expect(childRow).toHaveCount(0);
  await topRow.getByRole('button', { name: '删除' }).click();
  await confirmPopover(page, '确定删除吗?');
  await expect(topRow).toHaveCount(0);
});

test('数据规则 预览: the count of rows a department rule leaves to a chosen user', async ({ page, request }) => {
  test.setTimeout(120_000);
  const api = await adminApi(request);
  const suffix = Date.now().toString(36).slice(-5).toUpperCase();
  const depart = await api.call('post', '/api/permission/Organize/Department', { departName: `预览部${suffix}`, orgCode: `PVA${suffix}`, status: 1 });
  const other = await api.call('post', '/api/permission/Organize/Department', { departName: `别的部${suffix}`, orgCode: `PVB${suffix}`, status: 1 });
  for (const [code, organizeId] of [
    ['1', depart.id],
    ['2', depart.id],
    ['3', other.id],
  ] as const)
    await api.call('post', '/api/permission/Position', { fullName: `预览岗位${suffix}${code}`, enCode: `PV${suffix}${code}`, organizeId });
  const username = `pv${suffix.toLowerCase()}`;
  const user = await api.call('post', '/api/permission/Users', { username, realname: `预览人${suffix}`, password: `First${suffix}x9` });
  await api.call('post', '/api/permission/UserDepartment', { userId: user.id, depId: depart.id });
  const ruleName = `预览规则${suffix}`;
  await api.call('post', '/sys/dataRule/add', { name: ruleName, modelId: 'system.position', kind: 'department', enabled: 1 });
  // a role holding the rule, with the user as its member: 按角色预览 counts each member with their own department
  const roleName = `预览角色${suffix}`;
  await api.call('post', '/api/permission/Role', { roleName, roleCode: `pvr${suffix.toLowerCase()}`, status: 1 });
  const role = (await api.call('get', `/api/permission/Role?keyword=${encodeURIComponent(roleName)}`)).list[0] as { id: string };
  const rule = (await api.call('get', `/sys/dataRule/list?keyword=${encodeURIComponent(ruleName)}`)).records[0] as { id: string };
  await api.call('post', '/sys/roleDataRule/add', { roleId: role.id, ruleId: rule.id });
  await api.call('post', '/api/permission/UserRole', { userId: user.id, roleId: role.id });

  const login = new LoginPage(page);
  await login.goto();
  await login.signInTo('系统管理', 'admin', E2E_ADMIN_PASSWORD);
  await page.getByRole('menuitem', { name: '数据规则', exact: true }).click();
  const rules = new ListPage(page);
  await rules.search(ruleName);
  await rules.row(ruleName).getByRole('button', { name: '预览' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '数据规则预览' });
  await expect(dialog.getByText(/^该规则下可见 \d+ 条，共 \d+ 条$/)).toBeVisible();
  await dialog.getByRole('combobox').first().fill(username);
  await page.locator('.ant-select-item-option').filter({ hasText: username }).click();
  await expect(dialog.getByText(/^该规则下可见 2 条，共 \d+ 条$/)).toBeVisible();
  await dialog.getByTestId('data-rule-preview-role').click();
  await page.locator('.ant-select-item-option').filter({ hasText: roleName }).click();
  await expect(dialog.getByText(/^该角色成员 1 人（最多列出前20人），数据共 \d+ 条$/)).toBeVisible();
  await expect(dialog.getByText(`预览人${suffix}（${username}）：可见 2 条`)).toBeVisible();
  await dialog.getByRole('button', { name: /关\s*闭/ }).click();
  await expect(dialog).toBeHidden();
});

test('在线用户: the sessions with their IP and times, the own one marked 当前会话; 强制退出 ends that session only', async ({ page, request }) => {
  test.setTimeout(120_000);
  const api = await adminApi(request);
  const suffix = Date.now().toString(36).slice(-5).toUpperCase();
  const username = `on${suffix.toLowerCase()}`;
  const password = `Chosen${suffix}x8`;
  await api.createReader(username, password);
  const signIn = async () =>
    ((await (await request.post('/sys/login', { data: { username, password } })).json()) as { result: { token: string } }).result.token;
  // with the session that replaced the first password, three live sessions; the newest first
  const tokens = [await signIn(), await signIn()];
  const status = async (token: string) => (await request.get('/sys/permission/getUserPermissionByToken', { headers: { 'X-Access-Token': token } })).status();

  const login = new LoginPage(page);
  await login.goto();
  await login.signInTo('系统管理', 'admin', E2E_ADMIN_PASSWORD);
  await page.getByRole('menuitem', { name: '在线用户' }).click();
  const sessions = new ListPage(page);
  for (const title of ['用户账号', '用户姓名', '登录IP', '登录时间', '最后活动时间', '当前会话'])
    await expect(sessions.table.getByRole('columnheader', { name: title })).toBeVisible();
  // this page's own session, the latest active, is the one row marked 当前会话
  const marked = sessions.table.locator('tbody tr').filter({ has: page.locator('.ant-tag', { hasText: '当前会话' }) });
  await expect(marked).toHaveCount(1);
  await expect(marked).toContainText('admin');
  // ending one's own session is refused by the server, so its row offers no 强制退出 (visibleWhen "!current")
  await expect(marked.getByRole('button', { name: '强制退出' })).toHaveCount(0);
  await sessions.search(username);
  const rows = sessions.row(username);
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText('127.0.0.1');
  await expect(rows.filter({ has: page.locator('.ant-tag', { hasText: '当前会话' }) })).toHaveCount(0);
  // another user's sessions each offer it
  for (let i = 0; i < 3; i++) await expect(rows.nth(i).getByRole('button', { name: '强制退出' })).toBeVisible();
  await rows.first().getByRole('button', { name: '强制退出' }).click();
  await confirmPopover(page, '确定强制该用户退出？');
  await expect(rows).toHaveCount(2);
  // the newest session ended, the one before it still signs requests in
  expect(await status(tokens[1]!)).toBe(401);
  expect(await status(tokens[0]!)).toBe(200);
});
