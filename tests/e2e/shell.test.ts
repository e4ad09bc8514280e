import { expect, test, type Page } from '@playwright/test';
import { LoginPage } from './pages/LoginPage';
import { E2E_ADMIN_PASSWORD } from './support/e2eEnv';

// The application shell (spec 000 §1, §2, §4, §6, §8) as a user meets it, against the real server: the guard's
// branches, /menuList, tabs, languages, settings, the user dropdown, a 401 and the two layouts. Screenshots of
// the sign-in and home pages in each language land in the test output folder.

test.describe.configure({ timeout: 120_000 });

const SYSTEM = '系统管理';

async function signedIn(page: Page, system = SYSTEM): Promise<LoginPage> {
  const login = new LoginPage(page);
  await login.goto();
  await login.signInTo(system, 'admin', E2E_ADMIN_PASSWORD);
  return login;
}

/** Neither the document nor the app's scroller (#root) scrolls sideways. */
async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => {
    const root = document.getElementById('root')!;
    return { doc: document.documentElement.scrollWidth - document.documentElement.clientWidth, root: root.scrollWidth - root.clientWidth };
  });
  expect(overflow.doc).toBeLessThanOrEqual(0);
  expect(overflow.root).toBeLessThanOrEqual(0);
}

test('guard: visitors go to sign-in with the redirect, public paths pass, signed-in users skip sign-in, unknown paths 404', async ({ page }) => {
  // 6. no token: the sign-in page with the full path as redirect
  await page.goto('/#/system/position?x=1');
  await expect(page).toHaveURL(/#\/user\/login\?redirect=%2Fsystem%2Fposition%3Fx%3D1$/);
  // 2. a public path without a page shows the 404 page, not an endless loader
  await page.goto('/#/whiteView/onSiteInspectionReport');
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await page.goto('/#/user/register');
  await expect(page.getByText('404', { exact: true })).toBeVisible();

  // sign in from the redirect: 3. no top-level menu chosen yet → /menuList keeping the target, then the target
  await page.goto('/#/system/position');
  const login = new LoginPage(page);
  await login.signIn('admin', E2E_ADMIN_PASSWORD);
  await expect(page).toHaveURL(/#\/menuList\?redirect=%2Fsystem%2Fposition$/);
  await page.getByRole('button', { name: SYSTEM }).click();
  await expect(page).toHaveURL(/#\/system\/position$/);
  await expect(page.locator('.ant-table').first()).toBeVisible();
  await expect(page).toHaveTitle('岗位管理 · 云数字实验室');

  // 1. signed in, the sign-in page sends to the home page (whose title is the product name alone)
  await page.goto('/#/user/login');
  await expect(page).toHaveURL(/#\/dashboard\/analysis$/);
  await expect(page).toHaveTitle('云数字实验室');
  // '/' is the home page too; unknown paths end on /404
  await page.goto('/#/');
  await expect(page).toHaveURL(/#\/dashboard\/analysis$/);
  await page.goto('/#/no/such/page');
  await expect(page).toHaveURL(/#\/404$/);
  await page.goto('/#/test');
  await expect(page).toHaveURL(/#\/test\/home$/);

  // 5. the permission list cannot be loaded: signed out, back to sign-in with the redirect
  await page.route('**/sys/permission/getUserPermissionByToken*', (route) =>
    route.fulfill({ status: 500, json: { success: false, code: 500, message: '系统内部错误', result: null } }),
  );
  await page.goto('/#/system/position');
  await page.reload();
  await expect(page).toHaveURL(/#\/user\/login\?redirect=%2Fsystem%2Fposition$/);
  expect(await page.evaluate(() => window.localStorage.getItem('cloudlab__token'))).toBeNull();
});

test('/menuList: the chosen top-level menu is the routed subtree, and the choice is kept', async ({ page }) => {
  // a second top-level menu next to the server's own, so that there is something to choose between
  await page.route('**/sys/permission/getUserPermissionByToken*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { result: { menu: unknown[] } };
    body.result.menu.push({
      id: 'e2e-lab',
      path: '/lab',
      name: 'lab',
      component: 'RouteView',
      route: '1',
      meta: { title: '实验室', icon: 'experiment', keepAlive: false, internalOrExternal: false, componentName: 'lab' },
      children: [
        {
          id: 'e2e-lab-positions',
          path: '/lab/positions',
          name: 'lab-positions',
          component: 'ModelPage/system.position',
          route: '1',
          meta: { title: '实验室岗位', icon: 'idcard', keepAlive: false, internalOrExternal: false, componentName: 'p' },
        },
      ],
    });
    await route.fulfill({ response, json: body });
  });
  await signedIn(page, '实验室');
  const sideMenu = page.locator('.ant-layout-sider .ant-menu');
  await expect(sideMenu.getByText('实验室岗位')).toBeVisible();
  await expect(sideMenu.getByText('岗位管理')).toHaveCount(0);
  await page.getByRole('button', { name: '实验室', exact: true }).click();
  await expect(page).toHaveURL(/#\/menuList$/);
  await page.getByRole('button', { name: SYSTEM }).click();
  await expect(sideMenu.getByText('岗位管理')).toBeVisible();
  await expect(sideMenu.getByText('实验室岗位')).toHaveCount(0);
  expect(await page.evaluate(() => JSON.parse(window.localStorage.getItem('cloudlab__topMenuId')!).value)).toBe('system');
});

test('tabs: home first and never closed, the last tab stays, the context menu closes others; logout asks first', async ({ page }) => {
  await signedIn(page);
  const tabs = page.locator('.cl-page-tabs');
  // each navigation shows its page before the next click: the address changes before the page renders, and a
  // newer navigation supersedes one whose page is still loading (that one then never gets a tab)
  await page.getByRole('menuitem', { name: '岗位管理' }).click();
  await expect(page).toHaveURL(/#\/system\/position$/);
  await expect(tabs.getByRole('tab', { name: '岗位管理' })).toBeVisible();
  await page.getByRole('menuitem', { name: '数据规则', exact: true }).click();
  await expect(page).toHaveURL(/#\/system\/dataRule$/);
  await expect(tabs.getByRole('tab', { name: '首页' })).toBeVisible();
  await expect(tabs.locator('.ant-tabs-tab')).toHaveCount(3);
  // the home tab's cross: 'The home page cannot be closed!'
  await tabs.locator('.ant-tabs-tab').first().locator('.ant-tabs-tab-remove').click();
  await expect(page.locator('.ant-message').getByText('首页不能关闭!')).toBeVisible();
  // close others from the context menu of 岗位管理: home and 岗位管理 stay
  await tabs.getByText('岗位管理', { exact: true }).click({ button: 'right' });
  await page.getByRole('menuitem', { name: '关闭其它' }).click();
  await expect(tabs.locator('.ant-tabs-tab')).toHaveCount(2);
  await expect(page).toHaveURL(/#\/system\/position$/);

  // logout: 'really log out?' first, then the sign-in page and no token
  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  const confirm = page.locator('.ant-modal-confirm').filter({ hasText: '真的要注销登录吗 ?' });
  await expect(confirm).toBeVisible();
  const logout = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/sys/logout'));
  await confirm.getByRole('button', { name: /确\s*定/ }).click();
  await logout;
  await expect(page).toHaveURL(/#\/user\/login/);
  expect(await page.evaluate(() => window.localStorage.getItem('cloudlab__token'))).toBeNull();
});

test('tab menu: refresh mounts the page again, close left and close right keep home and the chosen tab, closing the active tab shows its neighbour', async ({
  page,
}) => {
  await signedIn(page);
  const tabs = page.locator('.cl-page-tabs');
  const tabNames = () => tabs.locator('.ant-tabs-tab').allInnerTexts();
  for (const [name, path] of [
    ['岗位管理', 'position'],
    ['数据规则', 'dataRule'],
    ['用户管理', 'user'],
  ] as const) {
    // a menu item's name starts with its icon's ('idcard 岗位管理')
    await page.getByRole('menuitem', { name: new RegExp(`(^|\\s)${name}$`) }).click();
    await expect(page).toHaveURL(new RegExp(`#/system/${path}$`));
    await expect(tabs.getByRole('tab', { name })).toBeVisible();
    await expect(page.locator('.ant-table').filter({ visible: true }).first()).toBeVisible();
  }
  expect(await tabNames()).toEqual(['首页', '岗位管理', '数据规则', '用户管理']);
  const contextMenu = async (tab: string, action: string) => {
    await tabs.getByText(tab, { exact: true }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: action }).click();
  };

  // refresh: the page mounts again, so its list is requested again
  await tabs.getByText('数据规则', { exact: true }).click();
  await expect(page).toHaveURL(/#\/system\/dataRule$/);
  const listedAgain = page.waitForRequest((r) => r.method() === 'GET' && /\/sys\/dataRule|DataRule/i.test(new URL(r.url()).pathname));
  await contextMenu('数据规则', '刷新');
  await listedAgain;

  await contextMenu('数据规则', '关闭左侧');
  await expect.poll(tabNames).toEqual(['首页', '数据规则', '用户管理']);
  await contextMenu('数据规则', '关闭右侧');
  await expect.poll(tabNames).toEqual(['首页', '数据规则']);

  // the active tab's cross: the tab goes and its neighbour (here the home page) shows
  await tabs.locator('.ant-tabs-tab').filter({ hasText: '数据规则' }).locator('.ant-tabs-tab-remove').click();
  await expect.poll(tabNames).toEqual(['首页']);
  await expect(page).toHaveURL(/#\/dashboard\/analysis$/);
  // the home tab is also the last one: it stays, with the spec's warning
  await tabs.locator('.ant-tabs-tab').first().locator('.ant-tabs-tab-remove').click();
  await expect(page.locator('.ant-message').getByText('首页不能关闭!')).toBeVisible();
  expect(await tabNames()).toEqual(['首页']);
});

test('change password: the spec rules, then a real change and back', async ({ page }) => {
  await signedIn(page);
  const openDialog = async () => {
    await page.getByRole('button', { name: '用户菜单' }).click();
    await page.getByRole('menuitem', { name: '修改密码' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '旧密码' });
    await expect(dialog).toBeVisible();
    return dialog;
  };
  let dialog = await openDialog();
  await dialog.getByLabel('旧密码', { exact: true }).fill(E2E_ADMIN_PASSWORD);
  await dialog.getByLabel('新密码', { exact: true }).fill('E2eAdmin2027');
  await dialog.getByLabel('确认新密码', { exact: true }).fill('E2eAdmin2028');
  await dialog.getByRole('button', { name: /确\s*认/ }).click();
  await expect(dialog.getByText('两次输入的密码不一样！')).toBeVisible();
  await dialog.getByLabel('确认新密码', { exact: true }).fill('E2eAdmin2027');
  await dialog.getByRole('button', { name: /确\s*认/ }).click();
  await expect(dialog).toBeHidden();
  // and back, so the other tests keep signing in with the install's password
  dialog = await openDialog();
  await dialog.getByLabel('旧密码', { exact: true }).fill('E2eAdmin2027');
  await dialog.getByLabel('新密码', { exact: true }).fill(E2E_ADMIN_PASSWORD);
  await dialog.getByLabel('确认新密码', { exact: true }).fill(E2E_ADMIN_PASSWORD);
  await dialog.getByRole('button', { name: /确\s*认/ }).click();
  await expect(dialog).toBeHidden();
});

test('a 401 signs out: POST /sys/logout after 1.5 s, then the sign-in page', async ({ page }) => {
  await signedIn(page);
  await page.route('**/sys/home/figures*', (route) =>
    route.fulfill({ status: 401, json: { success: false, code: 401, message: 'Token失效，请重新登录!', result: null } }),
  );
  const logout = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/sys/logout'));
  await page.reload();
  // the toast (未授权，请重新登录) shows for the 1.5 s before the sign-out; on a loaded machine the reload may come
  // before a screenshot could catch it, so the test holds to what must happen: the logout call and the sign-in page
  expect((await logout).method()).toBe('POST');
  await expect(page).toHaveURL(/#\/user\/login/, { timeout: 15_000 });
  expect(await page.evaluate(() => window.localStorage.getItem('cloudlab__token'))).toBeNull();
});

test('settings survive a reload: theme colour through antd tokens, top-menu mode', async ({ page }) => {
  await signedIn(page);
  await page.getByRole('button', { name: '系统设置' }).click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: '主题色' });
  await drawer.getByRole('radio', { name: '酱紫' }).click();
  await drawer.getByText('顶部栏导航').click();
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(page.locator('.ant-layout-header .ant-menu-horizontal')).toBeVisible();
  await expect(page.locator('.ant-layout-sider')).toHaveCount(0);
  await page.getByRole('button', { name: '系统设置' }).click();
  await expect(page.locator('.ant-drawer').getByRole('radio', { name: '酱紫' })).toHaveAttribute('aria-checked', 'true');
  // the primary colour reaches antd's components: the drawer's reset button on hover is not enough, a primary button is
  await expect(page.locator('.ant-radio-button-wrapper-checked').first()).toHaveCSS('border-color', 'rgb(114, 46, 209)');
  await page.locator('.ant-drawer').getByRole('button', { name: '恢复默认设置' }).click();
});

test('layouts: 1440 px with side menu and tabs; 375 px with the menu in a drawer and no page-level horizontal scroll', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signedIn(page);
  await expect(page.locator('.ant-layout-sider')).toBeVisible();
  await expect(page.locator('.cl-page-tabs')).toBeVisible();
  await expectNoHorizontalScroll(page);

  await page.setViewportSize({ width: 375, height: 740 });
  await expect(page.locator('.ant-layout-sider')).toHaveCount(0);
  await expect(page.locator('.cl-page-tabs')).toHaveCount(0);
  await expectNoHorizontalScroll(page);
  await page.getByRole('button', { name: '展开菜单' }).click();
  await page.locator('.ant-drawer').getByRole('menuitem', { name: '岗位管理' }).click();
  await expect(page.locator('.ant-table').first()).toBeVisible();
  await expect(page.locator('.ant-drawer-open')).toHaveCount(0);
  await expectNoHorizontalScroll(page);
  // the body keeps no browser margin and a sans-serif font
  expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px');
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain('sans-serif');
});

for (const [locale, lang, signInText] of [
  ['en-US', 'zh-CN', '登录'],
  ['zh-TW', 'zh-TW', '登入'],
] as const) {
  test.describe(`browser language ${locale}`, () => {
    test.use({ locale });
    test(`defaults to ${lang}`, async ({ page }) => {
      await page.goto('/#/user/login');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('button', { name: new RegExp(signInText.split('').join('\\s*')) })).toBeVisible();
    });
  });
}

test('switching language: the shell, antd and dictionary labels follow; screenshots in each language', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const login = new LoginPage(page);
  await login.goto();
  await page.screenshot({ path: testInfo.outputPath('sign-in-zh-CN.png') });
  for (const [name, file] of [
    ['English', 'en'],
    ['繁體中文', 'zh-TW'],
  ] as const) {
    await page.getByRole('navigation').getByRole('button', { name }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', file);
    await page.screenshot({ path: testInfo.outputPath(`sign-in-${file}.png`) });
  }
  await page.getByRole('navigation').getByRole('button', { name: '简体中文' }).click();
  await login.signInTo(SYSTEM, 'admin', E2E_ADMIN_PASSWORD);
  await expect(page.getByText(/欢迎使用云数字实验室/)).toBeVisible();
  await expect(page.locator('canvas').first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('home-zh-CN.png') });
  // a list with dictionary labels (菜单类型), kept open in a tab while the language changes
  await page.getByRole('menuitem', { name: /(^|\s)菜单管理$/ }).click();
  await expect(page.locator('.ant-table').filter({ visible: true }).getByText('按钮权限').first()).toBeVisible();
  await page.locator('.cl-page-tabs').getByText('首页').click();

  const switchTo = async (name: string, lang: string) => {
    await page.getByRole('button', { name: /^(语言|Language|語言)$/ }).click();
    await page.getByRole('menuitem', { name }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
  };
  await switchTo('English', 'en');
  await expect(page.getByText(/Welcome to Cloud/)).toBeVisible();
  await expect(page.locator('canvas').first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('home-en.png') });
  // the dictionary labels follow: the cached dictionary items are fetched again in English
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('cloudlab__dictItems') ?? '')).toContain('"Enabled"');
  // and on screen: the open list's dictionary cells read in English, the tab's title too
  await page.locator('.cl-page-tabs').getByText('Menus', { exact: true }).click();
  const menus = page.locator('.ant-table').filter({ visible: true });
  await expect(menus.getByText('Button permission').first()).toBeVisible();
  await expect(menus.getByText('按钮权限')).toHaveCount(0);

  await switchTo('繁體中文', 'zh-TW');
  await page.locator('.cl-page-tabs').getByText('首頁').click();
  await expect(page.getByText(/歡迎使用雲數字實驗室/)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('home-zh-TW.png') });
  await switchTo('简体中文', 'zh-CN');
});

test('dictionary labels follow the language after a reload, also when the switch could not refresh them', async ({ page }) => {
  await signedIn(page);
  await page.getByRole('menuitem', { name: '岗位管理' }).click();
  await expect(page).toHaveURL(/#\/system\/position$/);
  const stateOptions = async (label: string) => {
    await page.getByRole('search').getByLabel(label, { exact: true }).click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect(options.first()).toBeVisible();
    const texts = await options.allInnerTexts();
    await page.keyboard.press('Escape');
    return texts;
  };
  expect(await stateOptions('状态')).toEqual(['启用', '禁用']);
  for (const [name, lang, label, expected] of [
    ['繁體中文', 'zh-TW', '狀態', ['啟用', '停用']],
    ['English', 'en', 'Status', ['Enabled', 'Disabled']],
  ] as const) {
    // the dictionaries the switch asks for do not arrive (a reload before the answer, a failed request): the
    // cached ones are in the previous language, and a reload must not show them as this language's
    await page.route('**/sys/dict/queryAllDictItems*', (route) => route.abort());
    await page.getByRole('button', { name: /^(语言|Language|語言)$/ }).click();
    await page.getByRole('menuitem', { name }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await page.unroute('**/sys/dict/queryAllDictItems*');
    await page.reload();
    expect(await stateOptions(label)).toEqual(expected);
  }
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: '简体中文' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
});
