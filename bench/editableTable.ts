// npm run bench:table — the editable table at 500 rows × 12 columns (issue 8: keystroke-to-paint median
// ≤ 16 ms) in Debian's Chromium against the real server and built client (/#/dev/widgets?table=500).
// Each sample is one keystroke: from the keydown event's timestamp to the first task after the frame
// that shows it (requestAnimationFrame, then a message-channel task). Keys go to text and number cells
// of rows spread over the table, scrolled into view first.
// Options: --keys=200 --port=18291
import { chromium } from 'playwright-core';
import { ensureClientBuild } from '../scripts/clientBuild.js';
import { ADMIN_PASSWORD, startBenchServer } from './client/benchServer.js';
import { measureSignIn } from './client/scenarios.js';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const KEYS = Number(args.keys ?? 200);
const PORT = Number(args.port ?? 18291);
const GOAL_MS = 16;

// a string: bench/ is type-checked without the DOM library
const KEY_PROBE = `(() => {
  const samples = [];
  Object.defineProperty(window, '__keySamples', { value: samples });
  let down = 0;
  document.addEventListener('keydown', (event) => { down = event.timeStamp; }, true);
  document.addEventListener('input', () => {
    const started = down;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => samples.push(performance.now() - started);
      channel.port2.postMessage(0);
    });
  }, true);
})()`;
const ROW_HEIGHT = 61;

await ensureClientBuild();
const server = await startBenchServer(PORT);
const browser = await chromium.launch({
  executablePath: process.env.CLOUDLAB_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const samples: number[] = [];
try {
  const { storageState } = await measureSignIn(browser, server.origin, ADMIN_PASSWORD);
  const context = await browser.newContext({ storageState, locale: 'zh-CN', viewport: { width: 1600, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${server.origin}/#/dev/widgets?table=500`);
  await page.locator('[role="row"][data-row-key="row-1"] [data-column="name"] input').waitFor();
  await page.evaluate(KEY_PROBE);
  const table = page.getByRole('table');
  const targets = [
    { row: 1, column: 'name' },
    { row: 120, column: 'remark' },
    { row: 260, column: 'qty' },
    { row: 499, column: 'place' },
  ];
  const perTarget = Math.ceil(KEYS / targets.length);
  for (const { row, column } of targets) {
    await table.evaluate((box, top) => void ((box as unknown as { scrollTop: number }).scrollTop = top), Math.max(0, (row - 2) * ROW_HEIGHT));
    const input = page.locator(`[role="row"][data-row-key="row-${row}"] [data-column="${column}"] input`);
    await input.click();
    await input.press('End');
    // digits fit every column (the number cell refuses letters); a pause lets each key settle alone
    for (let i = 0; i < perTarget; i++) await page.keyboard.press(String(i % 10), { delay: 0 }).then(() => page.waitForTimeout(40));
  }
  await page.waitForTimeout(300);
  samples.push(...((await page.evaluate('window.__keySamples')) as number[]));
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}

const sorted = [...samples].sort((a, b) => a - b);
const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
const median = at(0.5);
console.log(`editable table 500 × 12, ${samples.length} keystrokes (load average ${(await import('node:os')).loadavg()[0]!.toFixed(1)})`);
console.log(`keystroke to paint: median ${median.toFixed(1)} ms, p90 ${at(0.9).toFixed(1)} ms, max ${at(1).toFixed(1)} ms (goal median ≤ ${GOAL_MS} ms)`);
console.log(median <= GOAL_MS ? 'goal met' : 'goal missed');
if (samples.length < KEYS * 0.9) {
  console.error(`only ${samples.length} of ${KEYS} keystrokes were measured`);
  process.exitCode = 1;
}
