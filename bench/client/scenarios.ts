import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
import { HAND_WRITTEN_BASE } from './buildHandWrittenPage.js';
import { JsLedger, type JsFile } from './jsLedger.js';
import { blockingTimeMs, installProbe, readProbeAfter, type ProbeMark } from './pageProbe.js';

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

/** One cold page load: the JS it fetched before `mark` was painted, when that was, and the blocking before it. */
export interface LoadSample {
  js: JsFile[];
  interactiveMs: number;
  blockingMs: number;
}

export interface SignInSample extends LoadSample {
  /** JS fetched on the sign-in route by the time the network is idle (anything loaded after the form shows) */
  jsAtIdle: JsFile[];
  /** JS fetched after signing in to show 岗位管理's rows (the in-app path to the list) */
  screenJs: JsFile[];
  /** the signed-in session, for the cold loads of the list page */
  storageState: StorageState;
}

const CONTEXT: BrowserContextOptions = { locale: 'zh-CN', viewport: { width: 1366, height: 768 } };

async function coldLoad(
  browser: Browser,
  url: string,
  mark: ProbeMark,
  options: BrowserContextOptions = {},
  prepare?: (context: BrowserContext) => Promise<unknown>,
) {
  const context = await browser.newContext({ ...CONTEXT, ...options });
  await prepare?.(context);
  const page = await context.newPage();
  await installProbe(page);
  const ledger = new JsLedger(page);
  await page.goto(url);
  const reading = await readProbeAfter(page, mark);
  const at = reading.marks[mark]!;
  const sample: LoadSample = {
    js: await ledger.files(reading.scripts.filter((s) => s.start < at).map((s) => s.url)),
    interactiveMs: at,
    blockingMs: blockingTimeMs(reading, at),
  };
  return { context, page, ledger, sample };
}

/**
 * A fresh browser profile opens /#/user/login, then signs in as admin (slider verification first), chooses
 * 系统管理 on /menuList (a fresh profile has no stored choice) and opens 岗位管理 from the menu.
 */
export async function measureSignIn(browser: Browser, origin: string, password: string): Promise<SignInSample> {
  const { context, page, ledger, sample } = await coldLoad(browser, `${origin}/#/user/login`, 'signInForm');
  try {
    await page.waitForLoadState('networkidle');
    const jsAtIdle = await ledger.all();
    await page.getByPlaceholder('用户名').fill('admin');
    await page.getByPlaceholder('密码').fill(password);
    await page.getByRole('slider').press('End');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.getByRole('button', { name: '系统管理' }).click();
    await page.getByRole('menuitem', { name: '岗位管理' }).click();
    await readProbeAfter(page, 'tableRows');
    const seen = new Set(jsAtIdle.map((f) => f.url));
    const screenJs = (await ledger.all()).filter((f) => !seen.has(f.url));
    return { ...sample, jsAtIdle, screenJs, storageState: await context.storageState() };
  } finally {
    await context.close();
  }
}

/** A signed-in user's fresh browser (empty cache) opens the positions list by its address. */
export async function measureListPage(browser: Browser, origin: string, storageState: StorageState): Promise<LoadSample> {
  const { context, sample } = await coldLoad(browser, `${origin}/#/system/position`, 'tableRows', { storageState });
  await context.close();
  return sample;
}

/** The hand-written antd page, served from `builtDir` under the app's origin, listing the same positions. */
export async function measureHandWrittenPage(browser: Browser, origin: string, builtDir: string, token: string): Promise<LoadSample> {
  const serveBuilt = (context: BrowserContext) =>
    context.route(`${origin}${HAND_WRITTEN_BASE}**`, (route) => {
      const file = path.join(builtDir, new URL(route.request().url()).pathname.slice(HAND_WRITTEN_BASE.length));
      return fs.existsSync(file) ? route.fulfill({ path: file }) : route.fulfill({ status: 404 });
    });
  const { context, sample } = await coldLoad(browser, `${origin}${HAND_WRITTEN_BASE}index.html?token=${token}`, 'tableRows', {}, serveBuilt);
  await context.close();
  return sample;
}
