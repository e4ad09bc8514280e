// npm run bench:client — the client budgets of ../shared/design/budgets.md in Debian's Chromium against the
// real server (built client, throwaway SQLite folder with 20 positions), in the same run as their baseline:
// a hand-written antd page (bench/handWrittenPage) built by Vite into a temporary folder and loaded in the
// same browser. Every load starts from an empty cache. Sizes are gzip, 1 kB = 1,000 bytes (as Vite prints).
// Budgets (issue 7, ../shared/design/budgets.md): sign-in route JS ≤ 120 kB; list page JS ≤ 1.2× the hand-written page's, largest
// initial chunk ≤ 250 kB; list page interactive (with its API call) ≤ 800 ms, main-thread blocking ≤ 250 ms.
// Options: --runs=5 --port=18290
import fs from 'node:fs';
import { ensureClientBuild } from '../scripts/clientBuild.js';
import { startBenchServer, ADMIN_PASSWORD } from './client/benchServer.js';
import { buildHandWrittenPage } from './client/buildHandWrittenPage.js';
import { benchOptions, launchBenchChromium } from './client/launchChromium.js';
import { largestGzip, totalGzip, type JsFile } from './client/jsLedger.js';
import { measureHandWrittenPage, measureListPage, measureSignIn, type LoadSample, type SignInSample } from './client/scenarios.js';

const args = benchOptions();
const RUNS = Number(args.runs ?? 5);
const PORT = Number(args.port ?? 18290);

await ensureClientBuild();
const handWrittenDir = await buildHandWrittenPage();
const server = await startBenchServer(PORT);
const browser = await launchBenchChromium();
const samples: { signIn: SignInSample[]; list: LoadSample[]; handWritten: LoadSample[] } = { signIn: [], list: [], handWritten: [] };
try {
  // interleaved, so that a noisy neighbour slows the app and its baseline alike
  for (let run = 0; run < RUNS; run++) {
    const signIn = await measureSignIn(browser, server.origin, ADMIN_PASSWORD);
    samples.signIn.push(signIn);
    samples.list.push(await measureListPage(browser, server.origin, signIn.storageState));
    samples.handWritten.push(await measureHandWrittenPage(browser, server.origin, handWrittenDir, server.token));
  }
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(handWrittenDir, { recursive: true, force: true });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const medianOf = <T>(list: T[], pick: (s: T) => number) => median(list.map(pick));
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const ms = (value: number) => `${Math.round(value)} ms`;
const fileName = (url: string) => new URL(url).pathname.split('/').pop() ?? url;

const signInJs = medianOf(samples.signIn, (s) => totalGzip(s.js));
const listJs = medianOf(samples.list, (s) => totalGzip(s.js));
const handWrittenJs = medianOf(samples.handWritten, (s) => totalGzip(s.js));
const ratio = listJs / handWrittenJs;
const largest = largestGzip(samples.list[0]!.js);
const listInteractive = medianOf(samples.list, (s) => s.interactiveMs);
const listBlocking = medianOf(samples.list, (s) => s.blockingMs);

type Line = [measure: string, value: string, budget: string, verdict: string];
const within = (value: number, budget: number) => (value <= budget ? 'ok' : `MISS by ${(((value - budget) / budget) * 100).toFixed(0)}%`);
const lines: Line[] = [
  // the budget of issue 7 and budgets.md (120 KB); it read 150 kB with a 180 kB ceiling here before
  ['Sign-in route JS, until the form is interactive', kB(signInJs), '≤ 120 kB', within(signInJs, 120_000)],
  ['  sign-in route JS by network idle', kB(medianOf(samples.signIn, (s) => totalGzip(s.jsAtIdle))), '', 'info'],
  ['  sign-in form interactive', ms(medianOf(samples.signIn, (s) => s.interactiveMs)), '', 'info'],
  ['List page 岗位管理 (cold, signed in), JS', kB(listJs), '', ''],
  ['  as sent (the build precompresses: brotli)', kB(medianOf(samples.list, (s) => s.js.reduce((sum, f) => sum + f.transferBytes, 0))), '', 'info'],
  ['Hand-written antd page (baseline), JS', kB(handWrittenJs), '', ''],
  ['List page JS / hand-written JS', `${ratio.toFixed(2)}×`, '≤ 1.20×', within(ratio, 1.2)],
  [`Largest initial chunk (${fileName(largest.url)})`, kB(largest.gzipBytes), '≤ 250 kB', within(largest.gzipBytes, 250_000)],
  ['List page interactive (navigation → rows, with API)', ms(listInteractive), '≤ 800 ms', within(listInteractive, 800)],
  ['List page main-thread blocking', ms(listBlocking), '≤ 250 ms', within(listBlocking, 250)],
  [
    '  list page / hand-written page interactive, same run',
    `${median(samples.list.map((s, i) => s.interactiveMs / samples.handWritten[i]!.interactiveMs)).toFixed(2)}×`,
    '',
    'info',
  ],
  [
    '  hand-written page interactive / blocking',
    `${ms(medianOf(samples.handWritten, (s) => s.interactiveMs))} / ${ms(medianOf(samples.handWritten, (s) => s.blockingMs))}`,
    '',
    'info',
  ],
  ['  JS fetched to open 岗位管理 after signing in', kB(medianOf(samples.signIn, (s) => totalGzip(s.screenJs))), '', 'info'],
];

// a CJK character takes two columns in a terminal
const width = (text: string) => [...text].reduce((w, c) => w + (/[\u2e80-\u9fff\uff00-\uffef]/.test(c) ? 2 : 1), 0);
const widths = [0, 1, 2, 3].map((i) => Math.max(...lines.map((l) => width(l[i]!)), 8));
console.log(`\nClient budgets, Chromium headless, median of ${RUNS} cold loads each (gzip; 1 kB = 1,000 bytes)\n`);
for (const line of lines) console.log(line.map((cell, i) => cell + ' '.repeat(widths[i]! - width(cell))).join(' | '));
printChunks('Sign-in route', samples.signIn[0]!.js);
printChunks('List page', samples.list[0]!.js);
printChunks('Hand-written page', samples.handWritten[0]!.js);
const misses = lines.filter((l) => l[3].startsWith('MISS') || l[3].startsWith('over')).length;
console.log(misses === 0 ? '\nAll client budgets met.' : `\n${misses} client budget line(s) missed.`);

function printChunks(title: string, files: JsFile[]): void {
  console.log(`\n${title}: ${files.length} files, ${kB(totalGzip(files))}`);
  for (const f of [...files].sort((a, b) => b.gzipBytes - a.gzipBytes)) console.log(`  ${kB(f.gzipBytes).padStart(9)}  ${fileName(f.url)}`);
}
