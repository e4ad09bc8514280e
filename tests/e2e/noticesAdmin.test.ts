import { expect, test } from '@playwright/test';
import { ListPage } from './pages/ListPage';
import { LoginPage } from './pages/LoginPage';
import { E2E_ADMIN_PASSWORD } from './support/e2eEnv';

// The announcement admin screen is the system.announcement model: an administrator writes a draft and
// publishes it with the row action; a user signed in elsewhere (another browser) sees the bell change at once.
test('notices: publishing from the 系统公告 screen updates another signed-in browser’s bell', async ({ page, browser }) => {
  // two browsers sign in: on a busy machine that alone takes half the default budget
  test.setTimeout(120_000);
  const reader = await browser.newContext();
  const readerPage = await reader.newPage();
  try {
    const readerLogin = new LoginPage(readerPage);
    await readerLogin.goto();
    await readerLogin.signInTo('系统管理', 'admin', E2E_ADMIN_PASSWORD);
    const badge = readerPage.locator('[data-testid="notice-badge"] .ant-scroll-number');
    await readerPage.waitForResponse((r) => r.url().includes('/sys/annountCement/listByUser'));
    const before = Number((await badge.count()) > 0 ? await badge.getAttribute('title') : 0);

    const login = new LoginPage(page);
    await login.goto();
    await login.signInTo('系统管理', 'admin', E2E_ADMIN_PASSWORD);
    await page.getByRole('menuitem', { name: '系统公告' }).click();
    await expect(page).toHaveURL(/#\/system\/annountCement$/);
    const list = new ListPage(page);
    await expect(list.table).toBeVisible();
    const title = `设备校准提醒 ${Date.now().toString(36)}`;
    const dialog = await list.add();
    await dialog.fill('标题', title);
    await dialog.submit();
    await list.expectRow(title);
    await expect(list.row(title).getByText('未发布')).toBeVisible();

    // 编辑 详情 删除 show; 发布 and 撤销 are behind 更多
    await list.row(title).getByRole('button', { name: /更多/ }).click();
    await page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: '发布', exact: true }).click();
    const publishing = page.waitForRequest((r) => r.method() === 'PUT' && r.url().includes('/sys/annountCement/doReleaseData/'));
    await page
      .locator('.ant-popconfirm, .ant-popover, .ant-modal-confirm')
      .filter({ hasText: '确定要发布吗?' })
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await publishing;
    const started = Date.now();
    // the 2 s budget is held in notices.test.ts; this case is about the screen's path, so a busy machine gets slack
    await expect(badge).toHaveAttribute('title', String(before + 1), { timeout: 5000 });
    console.info(`[notices e2e] publish request sent from the screen → the other browser's bell in ${Date.now() - started} ms`);
    await expect(list.row(title).getByText('已发布')).toBeVisible();
  } finally {
    await reader.close();
  }
});
