import { expect, test, type Page } from '@playwright/test';
import { LoginPage } from './pages/LoginPage';
import { E2E_ADMIN_PASSWORD } from './support/e2eEnv';

// The editable table at 500 rows × 12 columns in the real client (/#/dev/widgets?table=500): rows are
// drawn a window at a time, and the spec's validation tooltips (spec 000 §5) appear on the marked cells.

const cell = (page: Page, row: number, column: string) => page.locator(`[role="row"][data-row-key="row-${row}"] [role="cell"][data-column="${column}"]`);
const tooltip = (page: Page) => page.locator('.ant-tooltip:not(.ant-tooltip-hidden) .ant-tooltip-inner');

test('500 rows: validation marks the failing cells and their tooltips show the first failure', async ({ page }) => {
  test.setTimeout(120_000);
  const login = new LoginPage(page);
  await login.goto();
  await login.signInTo('系统管理', 'admin', E2E_ADMIN_PASSWORD);
  await page.goto('/#/dev/widgets?table=500&invalid=1');
  const table = page.getByRole('table');
  await expect(table).toHaveAttribute('aria-rowcount', '501');
  await expect(cell(page, 1, 'name')).toBeVisible();
  // virtualised: a handful of the 500 rows exist in the page
  expect(await page.locator('[role="row"][data-row-key]').count()).toBeLessThanOrEqual(12);
  await expect(page.locator('[data-statistics] [data-column="qty"]')).toHaveText(
    String(Array.from({ length: 500 }, (_, i) => (i % 7) + 1).reduce((a, b) => a + b)),
  );

  await page.getByRole('button', { name: /校\s*验/ }).click();
  await expect(page.getByText('第1行 名称：不能为空')).toBeVisible();
  await expect(cell(page, 1, 'name')).toHaveAttribute('aria-invalid', 'true');

  // required: '不能为空' in the tooltip of the hovered cell
  await cell(page, 1, 'name').hover();
  await expect(tooltip(page)).toHaveText('不能为空');
  // unique: both rows sharing a code are marked
  await cell(page, 3, 'code').hover();
  await expect(tooltip(page)).toHaveText('编码不能重复');
  // pattern code money: the pattern's own message
  await cell(page, 5, 'price').hover();
  await expect(tooltip(page)).not.toHaveText('');
  const moneyMessage = await tooltip(page).textContent();
  expect(moneyMessage).not.toBe('不能为空');

  // row 250, far below: scrolled into view, it is drawn and marked too
  await table.evaluate((box) => (box.scrollTop = 249 * 61 - 100));
  await expect(cell(page, 250, 'code')).toHaveAttribute('aria-invalid', 'true');
  await expect(cell(page, 1, 'name')).toHaveCount(0);
  await cell(page, 250, 'code').hover();
  await expect(tooltip(page)).toHaveText('编码不能重复');

  // typing live: the focused cell's tooltip follows its value; a custom regex shows its own message
  const serial = cell(page, 250, 'serial').getByRole('textbox');
  await serial.fill('');
  await serial.pressSequentially('ab1');
  await expect(tooltip(page)).toHaveText('出厂编号应为两个大写字母加数字');
  await serial.fill('AB1234');
  await expect(cell(page, 250, 'serial')).not.toHaveAttribute('aria-invalid');

  // a number cell refuses letters keystroke by keystroke, and fixing the duplicate clears both marks
  const qty = cell(page, 250, 'qty').getByRole('textbox');
  await qty.fill('');
  await qty.pressSequentially('1x2');
  await expect(qty).toHaveValue('12');
  await cell(page, 250, 'code').getByRole('textbox').fill('2000250');
  await expect(cell(page, 250, 'code')).not.toHaveAttribute('aria-invalid');
  await table.evaluate((box) => (box.scrollTop = 0));
  await expect(cell(page, 3, 'code')).not.toHaveAttribute('aria-invalid');
});

test('insert below is throttled to once per 1.5 s with the spec warning', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signInTo('系统管理', 'admin', E2E_ADMIN_PASSWORD);
  await page.goto('/#/dev/widgets?table=20');
  const insertBelow = async (row: number) => {
    await page.locator(`[role="row"][data-row-key="row-${row}"]`).getByRole('button', { name: '行操作' }).click();
    await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByText('插入一行').click();
  };
  await insertBelow(1);
  await expect(page.getByRole('table')).toHaveAttribute('aria-rowcount', '22');
  // the order column is renumbered from 1
  await expect(page.locator('[role="row"][data-row-key="row-2"] [data-column="orderNum"]')).toHaveText('3');
  await page.waitForTimeout(1600);
  // two inserts within the 1.5 s, clicked in the page itself (a test runner's round trips are slower)
  await page.evaluate(async () => {
    const found = async <T>(find: () => T | undefined): Promise<T> => {
      for (let i = 0; i < 200; i++) {
        const hit = find();
        if (hit) return hit;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error('not found');
    };
    const insert = async (row: string) => {
      (document.querySelector(`[role="row"][data-row-key="${row}"] [aria-label="行操作"]`) as HTMLElement).click();
      const item = await found(() =>
        [...document.querySelectorAll<HTMLElement>('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item')].find(
          (node) => node.textContent === '插入一行',
        ),
      );
      item.click();
    };
    await insert('row-3');
    await insert('row-4');
  });
  await expect(page.getByText('您点击的太快了，请慢一点！')).toBeVisible();
  await expect(page.getByRole('table')).toHaveAttribute('aria-rowcount', '23');
});

test('live row updates: an edit in one page reaches the same table open in another (/vxeSocket)', async ({ page, context }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signInTo('系统管理', 'admin', E2E_ADMIN_PASSWORD);
  const sockets: string[] = [];
  const other = await context.newPage();
  other.on('websocket', (socket) => sockets.push(new URL(socket.url()).pathname));
  await page.goto('/#/dev/widgets?table=20&live=system.position');
  await other.goto('/#/dev/widgets?table=20&live=system.position');
  await expect(cell(other, 2, 'name').getByRole('textbox')).toHaveValue('样品2');
  await expect.poll(() => sockets.some((path) => path.startsWith('/vxeSocket/'))).toBe(true);
  // give both sockets their moment to open before the edit
  await page.waitForTimeout(1000);
  const name = cell(page, 2, 'name').getByRole('textbox');
  await name.fill('远端修改');
  await name.press('Tab');
  await expect(cell(other, 2, 'name').getByRole('textbox')).toHaveValue('远端修改');
  // a number edited there comes back here, and the statistics row follows it
  const qty = cell(other, 3, 'qty').getByRole('textbox');
  await qty.fill('100');
  await qty.press('Tab');
  await expect(cell(page, 3, 'qty').getByRole('textbox')).toHaveValue('100');
});
