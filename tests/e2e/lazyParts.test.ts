import { expect, test, type Page } from '@playwright/test';
import { LoginPage } from './pages/LoginPage';
import { E2E_ADMIN_PASSWORD } from './support/e2eEnv';

// A part of the signed-in app that is fetched when first used (a drawer, a page) and cannot be downloaded (the
// network dropped, or a deploy replaced the files) says so in its own place, with a retry; the menu, the open
// tabs and their pages stay. Before, the failure reached the router's boundary, which replaced the whole app
// with "页面加载失败，请刷新重试".

test.describe.configure({ timeout: 120_000 });

/** Refuses the named chunk until the returned function is called. */
async function refuseChunk(page: Page, name: string): Promise<() => Promise<void>> {
  const pattern = new RegExp(`/assets/${name}-[^/]*\\.js$`);
  let refused = 0;
  await page.route(pattern, (route) => {
    refused++;
    return route.abort('internetdisconnected');
  });
  return async () => {
    expect(refused, `the ${name} chunk was requested`).toBeGreaterThan(0);
    await page.unroute(pattern);
  };
}

async function onPositions(page: Page): Promise<void> {
  const login = new LoginPage(page);
  await login.goto();
  await login.signInTo('系统管理', 'admin', E2E_ADMIN_PASSWORD);
  await page.goto('/#/system/position');
  await expect(page.locator('.ant-table').first()).toBeVisible();
}

test('a drawer whose code cannot be downloaded shows a dialog with retry and close; the page and its tabs stay', async ({ page }) => {
  await onPositions(page);
  const allow = await refuseChunk(page, 'SettingsDrawer');
  await page.getByRole('button', { name: '系统设置' }).click();
  const failed = page.getByRole('dialog').filter({ hasText: '这部分页面未能下载，请检查网络后重试。' });
  await expect(failed).toBeVisible();
  await expect(failed).toContainText('加载失败');
  await expect(page.locator('.ant-table').first()).toBeVisible();
  await expect(page.locator('.cl-page-tabs')).toContainText('岗位管理');
  await expect(page.getByText('页面加载失败，请刷新重试')).toHaveCount(0);

  await failed.getByRole('button', { name: '关闭' }).click();
  await expect(failed).toBeHidden();
  await page.getByRole('button', { name: '系统设置' }).click();
  await expect(failed).toBeVisible();

  await allow();
  await failed.getByRole('button', { name: '重试' }).click();
  await expect(page.locator('.ant-drawer').filter({ hasText: '主题色' })).toBeVisible();
});

test('a page whose code cannot be downloaded shows the failure in the content area with retry; the menu stays', async ({ page }) => {
  await onPositions(page);
  const allow = await refuseChunk(page, 'MyAnnouncementsPage');
  await page.goto('/#/isps/userAnnouncement');
  const failed = page.getByRole('alert').filter({ hasText: '这部分页面未能下载，请检查网络后重试。' });
  await expect(failed).toBeVisible();
  await expect(page.locator('.ant-layout-sider')).toBeVisible();
  await expect(page.locator('.cl-page-tabs')).toContainText('岗位管理');
  await expect(page.getByText('页面加载失败，请刷新重试')).toHaveCount(0);

  await allow();
  await failed.getByRole('button', { name: '重试' }).click();
  await expect(failed).toBeHidden();
  await expect(page.locator('.ant-table, .ant-empty').first()).toBeVisible();
});
