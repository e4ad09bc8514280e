// npm run bench:waterfall — what the list page's first screen loads, when, and what is in it: the cold visit
// of bench:client (a signed-in admin's fresh browser opening 岗位管理 by its address) once, printed as
//  1. the waterfall: every script, stylesheet and API call with its start and end (ms since navigation), the
//     long tasks, and the moment the rows are painted;
//  2. where the main thread went until then (a CPU profile's self time by script);
//  3. the first-screen JS by package or source folder, and its largest modules, in gzip kB.
// Module sizes come from the build itself (Rolldown's rendered code per module, gzipped one by one and scaled so
// that each chunk adds up to its real gzip size): a ranking, not exact bytes. The build is the production one
// (vite.config.ts, route chunks included), redone when dist/client is older than its sources, as bench:client
// and the e2e tests would build it. Options: --port=18291 --top=40
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import type { Plugin } from 'vite';
import { clientBuildIsStale } from '../scripts/clientBuild.js';
import { PROJECT_ROOT } from '../server/config.js';
import { startBenchServer, ADMIN_PASSWORD } from './client/benchServer.js';
import { benchOptions, launchBenchChromium } from './client/launchChromium.js';
import { JsLedger } from './client/jsLedger.js';
import { blockingTimeMs, installProbe, readProbeAfter } from './client/pageProbe.js';
import { measureSignIn } from './client/scenarios.js';

const args = benchOptions();
const PORT = Number(args.port ?? 18291);
const TOP = Number(args.top ?? 40);

interface ModuleSize {
  id: string;
  gzip: number;
}

const chunkModules = await buildCollectingModules();
const server = await startBenchServer(PORT);
const browser = await launchBenchChromium();
try {
  const { storageState } = await measureSignIn(browser, server.origin, ADMIN_PASSWORD);
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1366, height: 768 }, storageState });
  const page = await context.newPage();
  await installProbe(page);
  const ledger = new JsLedger(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  await page.goto(`${server.origin}/#/system/position`);
  const reading = await readProbeAfter(page, 'tableRows');
  const { profile } = await cdp.send('Profiler.stop');
  const at = reading.marks.tableRows!;
  const resources = await resourceTimings(page);
  const firstJs = await ledger.files(reading.scripts.filter((s) => s.start < at).map((s) => s.url));
  await context.close();

  console.log(`\nList page 岗位管理, one cold signed-in load: rows painted at ${Math.round(at)} ms, blocking ${Math.round(blockingTimeMs(reading, at))} ms\n`);
  console.log('Waterfall (ms since navigation; kB gzip for scripts):');
  for (const r of resources.filter((r) => r.start < at)) {
    const js = firstJs.find((f) => f.url === r.url);
    const size = js ? `${(js.gzipBytes / 1000).toFixed(1)} kB` : '';
    console.log(`  ${fmt(r.start)} → ${fmt(r.end)}  ${r.kind.padEnd(6)} ${size.padStart(9)}  ${shortUrl(r.url)}`);
  }
  console.log('\nLong tasks before the rows (start, duration):');
  for (const task of reading.longTasks.filter((t) => t.start < at)) console.log(`  ${fmt(task.start)}  ${Math.round(task.duration)} ms`);

  console.log('\nMain thread until the rows, CPU profile self time by script:');
  for (const [name, ms] of selfTimeByScript(profile, at).slice(0, 15)) console.log(`  ${fmt(ms)} ms  ${name}`);

  const modules = firstJs.flatMap((file) => {
    const name = path.basename(new URL(file.url).pathname);
    const sizes = chunkModules.get(name) ?? [];
    const raw = sizes.reduce((sum, m) => sum + m.gzip, 0);
    return sizes.map((m) => ({ id: m.id, gzip: raw > 0 ? (m.gzip * file.gzipBytes) / raw : 0, chunk: name }));
  });
  const total = firstJs.reduce((sum, f) => sum + f.gzipBytes, 0);
  const byGroup = new Map<string, number>();
  for (const m of modules) byGroup.set(groupOf(m.id), (byGroup.get(groupOf(m.id)) ?? 0) + m.gzip);
  console.log(`\nFirst-screen JS: ${firstJs.length} files, ${(total / 1000).toFixed(1)} kB gzip; by package or folder:`);
  for (const [group, bytes] of [...byGroup].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`  ${(bytes / 1000).toFixed(1).padStart(6)} kB  ${group}`);
  console.log(`\nLargest modules:`);
  for (const m of [...modules].sort((a, b) => b.gzip - a.gzip).slice(0, TOP))
    console.log(`  ${(m.gzip / 1000).toFixed(1).padStart(6)} kB  ${shortId(m.id)}  (${m.chunk})`);
} finally {
  await browser.close();
  await server.stop();
}

/**
 * The production build, with each output chunk's modules and their gzip sizes taken as it is written
 * (kept in dist/chunk-modules.json: a later run reuses both while the build is current).
 */
async function buildCollectingModules(): Promise<Map<string, ModuleSize[]>> {
  const saved = path.join(PROJECT_ROOT, 'dist', 'chunk-modules.json');
  if (!clientBuildIsStale() && fs.existsSync(saved)) return new Map(JSON.parse(fs.readFileSync(saved, 'utf8')) as [string, ModuleSize[]][]);
  const chunks = new Map<string, ModuleSize[]>();
  const collect: Plugin = {
    name: 'cloudlab-chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const sizes = Object.entries(output.modules).map(([id, m]) => ({ id, gzip: m.code ? gzipSync(m.code).length : 0 }));
        chunks.set(path.basename(output.fileName), sizes);
      }
    },
  };
  const { build } = await import('vite');
  await build({ root: PROJECT_ROOT, logLevel: 'warn', plugins: [collect] });
  // the same build bench:client and the e2e tests make: mark it current for them (scripts/clientBuild.ts)
  fs.writeFileSync(path.join(PROJECT_ROOT, 'dist', 'client', '.build-stamp'), new Date().toISOString());
  fs.writeFileSync(saved, JSON.stringify([...chunks]));
  return chunks;
}

interface Timing {
  url: string;
  kind: string;
  start: number;
  end: number;
}

async function resourceTimings(page: Page): Promise<Timing[]> {
  // a string: bench/ is type-checked without the DOM library
  return page.evaluate(`performance.getEntriesByType('resource').map((e) => ({
    url: e.name, kind: e.initiatorType, start: e.startTime, end: e.responseEnd,
  })).sort((a, b) => a.start - b.start)`);
}

interface CpuProfile {
  nodes: { id: number; callFrame: { url: string; functionName: string } }[];
  samples?: number[];
  timeDeltas?: number[];
  startTime: number;
}

/** Self time per script file (and Chromium's own buckets: program, garbage collector), until `untilMs`. */
function selfTimeByScript(profile: CpuProfile, untilMs: number): [string, number][] {
  const nameOf = new Map(
    profile.nodes.map((n) => [n.id, n.callFrame.url ? path.basename(new URL(n.callFrame.url).pathname) : `(${n.callFrame.functionName || 'native'})`]),
  );
  const totals = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  let elapsedUs = 0;
  for (let i = 0; i < samples.length; i++) {
    elapsedUs += deltas[i] ?? 0;
    // the profile starts just before the navigation: close enough to compare with the mark
    if (elapsedUs / 1000 > untilMs) break;
    const name = nameOf.get(samples[i]!) ?? '?';
    totals.set(name, (totals.get(name) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
  }
  totals.delete('(idle)');
  return [...totals].sort((a, b) => b[1] - a[1]);
}

/** node_modules/<package> (scoped included, the innermost node_modules), or the first two folders of our own code. */
function groupOf(id: string): string {
  const inPackage = id.split('/node_modules/').at(-1)!;
  if (inPackage !== id) {
    const parts = inPackage.split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  const relative = path.relative(PROJECT_ROOT, id).split(path.sep);
  return relative.slice(0, Math.min(3, relative.length - 1)).join('/') || relative.join('/');
}

function shortId(id: string): string {
  return id.includes('/node_modules/') ? id.split('/node_modules/').at(-1)! : path.relative(PROJECT_ROOT, id);
}
function shortUrl(url: string): string {
  return new URL(url).pathname + new URL(url).search;
}
function fmt(ms: number): string {
  return String(Math.round(ms)).padStart(5);
}
