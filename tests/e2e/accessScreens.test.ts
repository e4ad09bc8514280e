import { expect, test, type Page } from '@playwright/test';
import { LoginPage } from './pages/LoginPage';
import { E2E_ADMIN_PASSWORD } from './support/e2eEnv';

// Issue 9's access screens as an administrator uses them: 菜单管理 as a tree table (add a top menu, 添加下级,
// expand, the delete rules).

async function confirmPopover(page: Page, question: string): Promise<void> {
  await page
    .locator('.ant-popover')
    .filter({ hasText: question })
    .getByRole('button', { name: /确\s*定/ })
    .click();
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
  await expect(page.getByText('添加成功！')).toBeVisible();
  const topRow = table.locator('tbody tr').filter({ hasText: top });
  await expect(topRow).toHaveCount(1);

  await topRow.getByRole('button', { name: '添加下级' }).click();
  const addChild = page.getByRole('dialog').filter({ has: page.getByText('新增', { exact: true }) });
  await expect(addChild.getByLabel('子菜单')).toBeChecked();
  await expect(addChild.getByText(top)).toBeVisible();
  await addChild.getByLabel('菜单名称', { exact: true }).fill(child);
  await addChild.getByRole('button', { name: /确\s*认/ }).click();
  await expect(page.getByText('添加成功！').last()).toBeVisible();

  await topRow.locator('.ant-table-row-expand-icon').click();
  const childRow = table.locator('tbody tr').filter({ hasText: child });
  await expect(childRow).toHaveCount(1);

  // a node with children stays; its leaf goes, then the node
  await topRow.getByRole('button', { name: '删除' }).click();
  await confirmPopover(page, '确定删除吗？');
  await expect(page.getByText('该节点下有下级数据，不能删除')).toBeVisible();
  await childRow.getByRole('button', { name: '删除' }).click();
  await confirmPopover(page, '确定删除吗？');
  await expect(childRow).toHaveCount(0);
  await topRow.getByRole('button', { name: '删除' }).click();
  await confirmPopover(page, '确定删除吗？');
  await expect(topRow).toHaveCount(0);
});
