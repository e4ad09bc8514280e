import { expect, test, type Page } from '@playwright/test';
import { LoginPage } from './pages/LoginPage';
import { E2E_ADMIN_PASSWORD } from './support/e2eEnv';

// 用户管理 at 1440 px: its six row links (编辑 详情 删除 重置密码 解除锁定 强制下线) made an actions column of
// about 500 px in English; now three show and the rest are behind 更多 (More), which runs them as before. A
// column without a width of its own took an equal share of the table, so an English title longer than its
// share was cut ("Current departm"); now each column is at least as wide as its title, and a table wider
// than its card scrolls inside it.

test.describe.configure({ timeout: 120_000 });

interface HeaderCell {
  title: string;
  width: number;
  /** the title's text takes more than one line, or more room than the cell gives it */
  cut: boolean;
}

async function headerCells(page: Page): Promise<HeaderCell[]> {
  const table = page.locator('.ant-table').first();
  await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
  return table.locator('.ant-table-thead th').evaluateAll((cells) =>
    cells
      .filter((th) => (th.textContent ?? '').trim() !== '')
      .map((th) => {
        // the title's own box: antd puts a sortable title beside its arrows
        const title = th.querySelector('.ant-table-column-title') ?? th;
        const range = document.createRange();
        range.selectNodeContents(title);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
        const style = getComputedStyle(th);
        const room = th.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return {
          title: (title.textContent ?? '').trim(),
          width: Math.round(th.getBoundingClientRect().width),
          cut: lines > 1 || range.getBoundingClientRect().width > room + 1 || title.scrollWidth > title.clientWidth + 1,
        };
      }),
  );
}

const TEXTS = {
  'zh-CN': { actions: '操作', more: '更多', folded: ['重置密码', '解除锁定', '强制下线'], inline: ['编辑', '详情', '删除'], widest: 240 },
  en: { actions: 'Actions', more: 'More', folded: ['Reset password', 'Unlock', 'Force offline'], inline: ['Edit', 'Details', 'Delete'], widest: 300 },
} as const;

async function chooseLanguage(page: Page, language: string, lang: string): Promise<void> {
  await page.getByRole('button', { name: /^(语言|Language|語言)$/ }).click();
  await page.getByRole('menuitem', { name: language }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

/** 用户管理 in `lang`: no title cut, three links and 更多, the table inside its card; returns the 更多 link. */
async function checkUserList(page: Page, lang: keyof typeof TEXTS, shot: string) {
  const texts = TEXTS[lang];
  await page.goto('/#/system/user');
  const cells = await headerCells(page);
  console.info(`[list columns] 用户管理 ${lang} at 1440 px: ${cells.map((c) => `${c.title} ${c.width}`).join(', ')}`);
  await page.screenshot({ path: shot });
  expect(
    cells.filter((c) => c.cut).map((c) => c.title),
    `${lang}: titles cut`,
  ).toEqual([]);
  const actions = cells.find((c) => c.title === texts.actions)!;
  expect(actions.width, `${lang}: actions column`).toBeLessThanOrEqual(texts.widest);
  const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: 'admin' }).first();
  const links = row.locator('td').last().getByRole('button');
  await expect(links).toHaveText([...texts.inline, texts.more]);
  // the table scrolls inside its card rather than past it
  const overflow = await page
    .locator('.ant-table')
    .first()
    .evaluate((table) => {
      const card = table.closest('.ant-card') ?? table.parentElement!;
      return table.getBoundingClientRect().right - card.getBoundingClientRect().right;
    });
  expect(overflow, `${lang}: table past its card`).toBeLessThanOrEqual(0);
  await links.filter({ hasText: texts.more }).click();
  const menu = page.locator('.ant-dropdown:visible .ant-dropdown-menu');
  await expect(menu.getByRole('menuitem')).toHaveText([...texts.folded]);
  return menu;
}

test('用户管理: three row links and 更多, titles whole in zh-CN and English at 1440 px', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const login = new LoginPage(page);
  await login.goto();
  await login.signInTo('系统管理', 'admin', E2E_ADMIN_PASSWORD);

  const menu = await checkUserList(page, 'zh-CN', testInfo.outputPath('user-list-zh-CN.png'));
  // a folded link asks its confirm, then runs its operation on the row
  await menu.getByRole('menuitem', { name: '解除锁定' }).click();
  const confirm = page.locator('.ant-modal-confirm').filter({ hasText: '确定解除该用户的登录锁定？' });
  await expect(confirm).toBeVisible();
  const unlocking = page.waitForResponse((res) => res.request().method() !== 'GET' && /unlock/i.test(res.url()));
  await confirm.getByRole('button', { name: /确\s*定/ }).click();
  expect((await unlocking).status()).toBe(200);
  await expect(confirm).toBeHidden();

  await chooseLanguage(page, 'English', 'en');
  try {
    await checkUserList(page, 'en', testInfo.outputPath('user-list-en.png'));
    await page.keyboard.press('Escape');
  } finally {
    await chooseLanguage(page, '简体中文', 'zh-CN');
  }
});
