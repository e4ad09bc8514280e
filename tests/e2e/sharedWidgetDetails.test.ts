import { expect, test, type Page } from '@playwright/test';
import { LoginPage } from './pages/LoginPage';
import { E2E_ADMIN_PASSWORD } from './support/e2eEnv';

// Details of spec 000's shared widgets and constants a new user meets on the system screens: the pager of a tree
// table (§9), the height of a tree select's dropdown (§9) and the document preview's Cancel (§2).

async function signedIn(page: Page): Promise<void> {
  const login = new LoginPage(page);
  await login.goto();
  await login.signInTo('系统管理', 'admin', E2E_ADMIN_PASSWORD);
}

test('a tree table pages its roots with the size changer (10/20/30) and the quick jumper, as a list page does', async ({ page }) => {
  await signedIn(page);
  await page.getByRole('menuitem', { name: '数据字典' }).click();
  const table = page.locator('.ant-table').first();
  const roots = table.locator('tbody tr.ant-table-row-level-0');
  await expect(roots).toHaveCount(10, { timeout: 30_000 });
  const pager = page.locator('.ant-pagination').first();
  await expect(pager.locator('.ant-pagination-total-text')).toHaveText(/^共\d+条$/);
  await expect(pager.locator('.ant-pagination-options-quick-jumper')).toContainText('跳至');
  const sizeChanger = pager.locator('.ant-pagination-options-size-changer');
  await expect(sizeChanger).toContainText('10 条/页');
  await sizeChanger.click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options).toHaveText(['10 条/页', '20 条/页', '30 条/页']);
  await options.filter({ hasText: '20 条/页' }).click();
  await expect(roots).toHaveCount(20);
  await expect(sizeChanger).toContainText('20 条/页');
});

test("a tree select's dropdown is up to 400 px high", async ({ page }) => {
  await signedIn(page);
  await page.getByRole('menuitem', { name: '菜单管理' }).click();
  await page
    .getByRole('button', { name: /新\s*增/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  const parent = dialog.locator('.ant-formily-item').filter({ has: page.locator('.ant-formily-item-label').getByText('上级菜单', { exact: true }) });
  await parent.locator('.ant-select').click();
  const list = page.locator('.ant-select-dropdown:visible .ant-select-tree-list-holder');
  await expect(list).toBeVisible();
  await expect(list).toHaveCSS('max-height', '400px');
});

test('the document preview closes with its Cancel button', async ({ page }) => {
  // the gallery's sample file is not stored on a fresh install: the preview call and its ticket are answered here
  await page.route(
    (url) => url.pathname === '/api/file/Uploader/Preview',
    (route) => route.fulfill({ json: { code: 200, msg: 'Success', data: { url: '/preview-ticket/sample.pdf', fileName: 'sample.pdf' } } }),
  );
  await page.route(
    (url) => url.pathname === '/preview-ticket/sample.pdf',
    (route) => route.fulfill({ contentType: 'application/pdf', body: '%PDF-1.4\n%%EOF\n' }),
  );
  await signedIn(page);
  await page.goto('/#/dev/widgets');
  const card = page.locator('[data-widget="DocumentPreview"] [data-state="readOnly"]');
  await card.scrollIntoViewIfNeeded({ timeout: 60_000 });
  await card.getByRole('button', { name: /sample\.pdf/ }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '文档预览 - sample.pdf' });
  await expect(dialog).toBeVisible();
  // the frame and the Cancel button both fit in the window: the dialog does not scroll the page
  await expect(dialog.getByRole('button', { name: /^取\s*消$/ })).toBeInViewport();
  await dialog.getByRole('button', { name: /^取\s*消$/ }).click();
  await expect(dialog).toHaveCount(0);
});

test('the membership screens name their records: 角色成员 lists users and roles by name and picks them in 选择数据', async ({ page }) => {
  await signedIn(page);
  await page.getByRole('menuitem', { name: '角色成员' }).click();
  const table = page.locator('.ant-table').first();
  // the admin's membership of the admin role: both by name (管理员), no id in any cell
  await expect(table.locator('tbody tr').filter({ hasText: '管理员' }).first()).toBeVisible({ timeout: 30_000 });
  await expect(table.locator('tbody')).not.toContainText(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-/);

  await page
    .getByRole('button', { name: /新\s*增/ })
    .first()
    .click();
  const form = page.getByRole('dialog').filter({ hasText: '新增' });
  await expect(form).toBeVisible();
  // clicked once the dialog has finished opening (a click during its zoom only focuses the field)
  await expect(page.locator('.ant-modal.ant-zoom-appear, .ant-modal.ant-zoom-enter')).toHaveCount(0);
  const user = form.locator('.ant-formily-item').filter({ has: page.locator('.ant-formily-item-label').getByText('用户', { exact: true }) });
  await user.locator('.ant-select').click();
  const picker = page.getByRole('dialog').filter({ hasText: '选择数据' });
  await picker.getByRole('textbox', { name: '请输入关键词' }).fill('admin');
  await picker.getByRole('button', { name: /查\s*询/ }).click();
  await picker.getByRole('cell', { name: 'admin', exact: true }).click();
  await picker.getByRole('button', { name: /确\s*认/ }).click();
  await expect(picker).toHaveCount(0);
  await expect(user).toContainText('管理员');
});
