import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './scripts/chromiumLaunch';
import { E2E_PORT } from './tests/e2e/support/e2eEnv';

// Browser tests drive the built client against the real server (SQLite, fresh data folder) in
// Debian's Chromium; playwright never downloads a browser here.
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.test.ts',
  workers: 1,
  fullyParallel: false,
  forbidOnly: true,
  // CI runs the whole suite once, at its end, on a loaded two-core machine: a case that fails once and
  // passes on its retry is reported as flaky (and looked into), not taken as a broken product. Locally a
  // failure stays a failure.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    locale: 'zh-CN',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM_LAUNCH,
  },
  webServer: {
    command: 'npx tsx tests/e2e/support/startServer.ts',
    url: `http://127.0.0.1:${E2E_PORT}/readyz`,
    timeout: 240_000,
    reuseExistingServer: false,
    // SIGTERM, not Playwright's default SIGKILL: the server shuts down and its process exits, so
    // startServer.ts removes its SQLite data folder (killed, it was left in the temp folder by every run)
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
