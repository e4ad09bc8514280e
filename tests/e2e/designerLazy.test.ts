import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ListPage } from './pages/ListPage';
import { LoginPage } from './pages/LoginPage';
import { E2E_ADMIN_PASSWORD } from './support/e2eEnv';

test.use({ actionTimeout: 15_000 });

/**
 * Texts only the designer's code holds (designer/DesignerApp.tsx, DesignEditor.tsx, palette, canvas and
 * the widget manifests' title keys): a built script that contains one carries designer code.
 */
const DESIGNER_MARKERS = ['designer-app', 'design-editor', 'designer-palette', 'designer-canvas', 'widget.RelationForm'];

/** Every script a page fetches from now on (module imports, modulepreload links), by path. */
function watchScripts(page: Page): Set<string> {
  const seen = new Set<string>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.endsWith('.js')) seen.add(url.href);
  });
  return seen;
}

/** The scripts fetched so far, each with the designer markers its text holds. */
async function scanScripts(urls: Set<string>, request: APIRequestContext): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  for (const url of urls) {
    const text = await (await request.get(url)).text();
    found.set(
      new URL(url).pathname,
      DESIGNER_MARKERS.filter((marker) => text.includes(marker)),
    );
  }
  return found;
}

const withDesigner = (scripts: Map<string, string[]>) => [...scripts].filter(([, markers]) => markers.length > 0);

// Issue 12's acceptance: the designer's JavaScript loads only when the designer opens, so the sign-in
// route and a list page fetch none of it (their budgets cannot move with the designer); opening the
// designer fetches it.
test('designer code loads only when the designer opens: not on the sign-in page, not on a list page', async ({ page, request }) => {
  test.setTimeout(120_000);
  const scripts = watchScripts(page);
  const login = new LoginPage(page);
  await login.goto();
  const signIn = await scanScripts(scripts, request);
  expect(signIn.size).toBeGreaterThan(0);
  expect(withDesigner(signIn)).toEqual([]);

  await login.signInTo('在线开发', 'admin', E2E_ADMIN_PASSWORD);
  const item = page.getByRole('menuitem', { name: '样品收样' }).first();
  if (!(await item.isVisible())) await page.getByRole('menuitem', { name: '在线应用' }).click();
  await item.click();
  const list = new ListPage(page);
  await expect(list.table).toBeVisible();
  // the list page preloads its dialogs when idle: let that happen before looking
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1_500);
  const listPage = await scanScripts(scripts, request);
  expect(listPage.size).toBeGreaterThan(signIn.size);
  expect(withDesigner(listPage)).toEqual([]);

  await page.getByRole('menuitem', { name: '表单设计器' }).click();
  await expect(page.getByTestId('designer-app')).toBeVisible();
  const designer = withDesigner(await scanScripts(scripts, request));
  expect(designer.length).toBeGreaterThan(0);
  // the designer came in scripts fetched only now
  expect(designer.every(([pathname]) => !listPage.has(pathname))).toBe(true);
});
