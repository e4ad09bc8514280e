import { expect, test } from '@playwright/test';
import { ListPage } from './pages/ListPage';
import { LoginPage } from './pages/LoginPage';
import { E2E_ADMIN_PASSWORD } from './support/e2eEnv';

// The first model end to end, as a user does it: sign in, open 岗位管理, add with a missing required
// field (the spec's message shows and nothing is saved), add properly, search, edit, read the detail,
// delete — against the real server and database.
test('positions: sign in, add, search, edit, detail, delete', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signInTo('系统管理', 'admin', E2E_ADMIN_PASSWORD);

  await page.getByRole('menuitem', { name: '岗位管理' }).click();
  const positions = new ListPage(page);
  await expect(positions.table).toBeVisible();

  // 1. a required field left empty: the form says so and no request creates a row
  const creates: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/permission/Position')) creates.push(r.url());
  });
  let dialog = await positions.add();
  await dialog.fill('岗位编码', 'QE01');
  await dialog.submit();
  await dialog.expectError('请输入岗位名称');
  expect(creates).toHaveLength(0);

  // 2. filled properly: saved, the dialog closes, the list shows it
  await dialog.fill('岗位名称', '检测工程师');
  await dialog.submit();
  await positions.expectToast('添加成功');
  await expect(dialog.root).toBeHidden();
  await positions.expectRow('检测工程师');

  dialog = await positions.add();
  await dialog.fill('岗位名称', '仓库管理员');
  await dialog.fill('岗位编码', 'WH01');
  await dialog.submit();
  await positions.expectRow('仓库管理员');

  // 3. keyword search narrows the list
  await positions.search('检测');
  await positions.expectRow('检测工程师');
  await positions.expectNoRow('仓库管理员');

  // 4. edit
  dialog = await positions.edit('检测工程师');
  await expect(dialog.field('岗位名称')).toHaveValue('检测工程师');
  await dialog.fill('岗位名称', '高级检测工程师');
  await dialog.submit();
  await positions.expectToast('编辑成功');
  await positions.expectRow('高级检测工程师');

  // 5. read-only detail
  const detail = await positions.detail('高级检测工程师');
  await detail.expectShows(['高级检测工程师', 'QE01']);
  await detail.close();

  // 6. delete with confirmation: positions are an /api/permission list, deleted for good (spec 001 §8)
  await positions.remove('高级检测工程师', '此操作将永久删除该数据, 是否继续？');
  await positions.expectToast('删除成功');
  await positions.expectNoRow('高级检测工程师');
});
