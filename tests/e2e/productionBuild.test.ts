import { expect, test } from '@playwright/test';
import { ListPage } from './pages/ListPage';
import { LoginPage } from './pages/LoginPage';
import { E2E_ADMIN_PASSWORD } from './support/e2eEnv';

/**
 * Texts only libraries' development builds hold. react-router 7 exports only its development build
 * (remix-run/react-router#12532): without the build's alias (vite.config.ts) every visit carried its dev
 * warnings, switched on, into production.
 */
const DEVELOPMENT_MARKERS = ['You rendered descendant <Routes>'];

test('the built client carries no development build of a library: sign-in page and a list page', async ({ page, request }) => {
  const scripts = new Set<string>();
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.endsWith('.js')) scripts.add(response.url());
  });
  const login = new LoginPage(page);
  await login.goto();
  await login.signInTo('系统管理', 'admin', E2E_ADMIN_PASSWORD);
  await page.getByRole('menuitem', { name: '岗位管理' }).click();
  await expect(new ListPage(page).table).toBeVisible();

  const carrying: string[] = [];
  for (const url of scripts) {
    const text = await (await request.get(url)).text();
    for (const marker of DEVELOPMENT_MARKERS) if (text.includes(marker)) carrying.push(`${new URL(url).pathname}: ${marker}`);
  }
  expect(scripts.size).toBeGreaterThan(3);
  expect(carrying).toEqual([]);
});
