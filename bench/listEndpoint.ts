// npm run bench:list — the generic list endpoint against a hand-written Fastify route running the same
// SQL, on positions tables of 100,000 and 1,000,000 rows, on SQLite and on PostgreSQL (a throwaway
// database copied from the seeded SQLite file, dropped at the end), 50 connections on 127.0.0.1, in
// one run. Budgets (../shared/design/budgets.md): ≥ 0.8× the hand-written throughput; p99 ≤ 30 ms at
// 100k and ≤ 60 ms at 1M; page 200 within 2× of page 1, keyword searches included.
// Options: --rows=100000,1000000 --databases=sqlite,postgres --seconds=10 --connections=50 --rounds=2
//          --scoped=0 skips the department-scoped role (bench/scopedRole.ts) run against the admin on page 1
//          --keywords=2,3 which keyword lengths to run (each: its page 1 and its deep page)
//          --port=18281 the generic server's port (the hand-written one takes port + 1), so two checkouts
//          can run it at once
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../server/config.js';
import { postgresAdminUrl, postgresCopyOf } from './benchPostgres.js';
import { runLoad, type LoadResult } from './load.js';
import { benchScopedRole, SCOPED_USER, seedScopedRole } from './scopedRole.js';
import { startProcess, stopProcess, waitForHttp } from './processes.js';
import { BENCH_PASSWORD, seededDataDir, WORDS } from './seedPositions.js';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const ROWS = (args.rows ?? '100000,1000000').split(',').map(Number);
const DATABASES = (args.databases ?? 'sqlite,postgres').split(',') as DatabaseKind[];
const SECONDS = Number(args.seconds ?? 10);
const CONNECTIONS = Number(args.connections ?? 50);
const ROUNDS = Number(args.rounds ?? 2);
const SCOPED = args.scoped !== '0';
const KEYWORD_LENGTHS = (args.keywords ?? '2,3').split(',').map(Number);
const GENERIC_PORT = Number(args.port ?? 18281);
const BASELINE_PORT = GENERIC_PORT + 1;
const RATIO_BUDGET = 0.8;

type DatabaseKind = 'sqlite' | 'postgres';

/**
 * What one scenario asks: a keyword list sorted by sortCode, on one page. Two-character keywords
 * (a quarter of the rows each) are below the trigram indexes' reach and read through the sort index;
 * three-character ones (1/64 of the rows: the end of one word and the next) are served by the text index.
 */
interface Scenario {
  name: string;
  keywordLength: number;
  keywords: string[];
  page: number;
  /** the page-1 scenario a deep page is compared with */
  deepOf?: string;
}

const DENSE = WORDS.slice(0, 5);
const INDEXED = WORDS.slice(0, 5).map((w, i) => `${w.slice(-1)}${WORDS[(i + 1) % WORDS.length]}`);

function scenariosFor(rows: number): Scenario[] {
  // 1/64 of 100,000 rows is about 80 pages: the indexed search's deep page is page 50 there
  const indexedDeep = rows >= 1_000_000 ? 200 : 50;
  return [
    { name: 'keyword(2) page 1', keywordLength: 2, keywords: DENSE, page: 1 },
    { name: 'keyword(2) page 200', keywordLength: 2, keywords: DENSE, page: 200, deepOf: 'keyword(2) page 1' },
    { name: 'keyword(3) page 1', keywordLength: 3, keywords: INDEXED, page: 1 },
    { name: `keyword(3) page ${indexedDeep}`, keywordLength: 3, keywords: INDEXED, page: indexedDeep, deepOf: 'keyword(3) page 1' },
  ].filter((s) => KEYWORD_LENGTHS.includes(s.keywordLength));
}

function paths(prefix: string, scenario: Scenario, extra: string): string[] {
  return scenario.keywords.map((k) => `${prefix}?currentPage=${scenario.page}&pageSize=20&keyword=${encodeURIComponent(k)}${extra}`);
}

function mean(results: LoadResult[]): LoadResult {
  const avg = (pick: (r: LoadResult) => number) => results.reduce((s, r) => s + pick(r), 0) / results.length;
  return { reqPerSec: avg((r) => r.reqPerSec), p50: avg((r) => r.p50), p99: avg((r) => r.p99), errors: avg((r) => r.errors), total: avg((r) => r.total) };
}

interface Row {
  database: DatabaseKind;
  rows: number;
  scenario: Scenario;
  generic: LoadResult;
  baseline: LoadResult;
}

/** Where each side of one database runs: the environment of both servers and the baseline's script. */
interface Target {
  env: Record<string, string>;
  baselineScript: string;
  cleanup(): Promise<void>;
}

async function targetFor(database: DatabaseKind, rows: number, sqliteDir: string): Promise<Target | null> {
  const common = { HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
  if (database === 'sqlite') {
    return {
      env: { ...common, CLOUDLAB_DATA_DIR: sqliteDir, CLOUDLAB_CLIENT_DIR: path.join(sqliteDir, 'no-client') },
      baselineScript: 'bench/handWrittenServer.ts',
      cleanup: async () => {},
    };
  }
  const adminUrl = await postgresAdminUrl();
  if (!adminUrl) {
    console.warn('[bench] PostgreSQL skipped: no server with trust auth on 127.0.0.1:5432');
    return null;
  }
  const copy = await postgresCopyOf(adminUrl, sqliteDir, rows);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudlab-bench-pg-'));
  return {
    env: { ...common, DATABASE_URL: copy.url, CLOUDLAB_DATA_DIR: dataDir, CLOUDLAB_CLIENT_DIR: path.join(dataDir, 'no-client') },
    baselineScript: 'bench/handWrittenServerPg.ts',
    cleanup: async () => {
      await copy.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface ScopedRow {
  database: DatabaseKind;
  rows: number;
  scenario: string;
  admin: LoadResult;
  scoped: LoadResult;
}
const scopedTable: ScopedRow[] = [];

/**
 * A session for `username`. Right after a heavy scenario the server may still be draining requests
 * that hold every pooled connection (PostgreSQL at 1M rows), so a refused sign-in is retried for a
 * minute before the run gives up with the server's answer.
 */
async function signIn(username: string): Promise<Record<string, string>> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const login = await fetch(`http://127.0.0.1:${GENERIC_PORT}/sys/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: BENCH_PASSWORD }),
    }).then((r) => r.json() as Promise<{ message?: string; result: { token: string } | null }>);
    if (login.result?.token) return { 'x-access-token': login.result.token, tenant_id: '1' };
    if (Date.now() > deadline) throw new Error(`sign-in of ${username} refused: ${login.message ?? JSON.stringify(login)}`);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}

/**
 * Waits until a server has answered what the load left it: requests it took before the load tool closed
 * their connections still run (the hand-written server spends over a second on each deep page at 1M
 * rows), and would otherwise take the CPU from the next side's round. One more request of the same kind
 * is answered after them.
 */
async function drained(base: string, path: string, headers: Record<string, string>): Promise<void> {
  await fetch(`${base}${path}`, { headers }).then((r) => r.arrayBuffer());
}

async function benchTarget(database: DatabaseKind, rows: number, target: Target): Promise<Row[]> {
  if (SCOPED) {
    const { CLOUDLAB_DATA_DIR: dataDir, DATABASE_URL: databaseUrl, CLOUDLAB_CLIENT_DIR: clientDir } = target.env;
    await seedScopedRole({ dataDir, databaseUrl: databaseUrl ?? null, clientDir, adminPassword: BENCH_PASSWORD }, BENCH_PASSWORD);
  }
  const generic = startProcess(path.join(PROJECT_ROOT, 'server/main.ts'), { ...target.env, PORT: String(GENERIC_PORT) });
  const baseline = startProcess(path.join(PROJECT_ROOT, target.baselineScript), { ...target.env, PORT: String(BASELINE_PORT) });
  try {
    await waitForHttp(`http://127.0.0.1:${GENERIC_PORT}/readyz`, 300_000);
    await waitForHttp(`http://127.0.0.1:${BASELINE_PORT}/bench/positions`);
    const headers = await signIn('admin');
    const out: Row[] = [];
    for (const scenario of scenariosFor(rows)) {
      const targets = {
        generic: [`http://127.0.0.1:${GENERIC_PORT}`, paths('/api/permission/Position', scenario, '&sidx=sortCode&sort=asc')] as const,
        baseline: [`http://127.0.0.1:${BASELINE_PORT}`, paths('/bench/positions', scenario, '')] as const,
      };
      // warm-up: JIT, page cache, and the totals (and deep-page anchors) of these filters on both sides
      for (const [base, p] of Object.values(targets)) await runLoad(base, [...p], headers, 4, 2);
      const results: Record<'generic' | 'baseline', LoadResult[]> = { generic: [], baseline: [] };
      for (let round = 0; round < ROUNDS; round++) {
        for (const name of ['baseline', 'generic'] as const) {
          const [base, p] = targets[name];
          results[name].push(await runLoad(base, [...p], headers, CONNECTIONS, SECONDS));
          await drained(base, p[0]!, headers);
        }
      }
      out.push({ database, rows, scenario, generic: mean(results.generic), baseline: mean(results.baseline) });
    }
    if (SCOPED) {
      const scopedHeaders = await signIn(SCOPED_USER);
      for (const scenario of scenariosFor(rows).filter((s) => s.page === 1)) {
        const p = paths('/api/permission/Position', scenario, '&sidx=sortCode&sort=asc');
        const results = await benchScopedRole(
          `http://127.0.0.1:${GENERIC_PORT}`,
          p,
          { admin: headers, scoped: scopedHeaders },
          { connections: CONNECTIONS, seconds: SECONDS, rounds: ROUNDS },
        );
        scopedTable.push({ database, rows, scenario: scenario.name, admin: mean(results.admin), scoped: mean(results.scoped) });
      }
    }
    return out;
  } finally {
    await Promise.all([stopProcess(generic), stopProcess(baseline)]);
  }
}

const table: Row[] = [];
for (const rows of ROWS) {
  const sqliteDir = await seededDataDir(path.join(PROJECT_ROOT, '.bench-data'), rows);
  for (const database of DATABASES) {
    const target = await targetFor(database, rows, sqliteDir);
    if (!target) continue;
    try {
      const rowsOfTarget = await benchTarget(database, rows, target);
      table.push(...rowsOfTarget);
      // printed as it comes, so a later target's failure does not lose the runs already made
      for (const r of rowsOfTarget) {
        console.log(
          `[bench] ${database} ${rows} ${r.scenario.name}: generic ${r.generic.reqPerSec.toFixed(0)} req/s, hand-written ${r.baseline.reqPerSec.toFixed(0)} req/s`,
        );
      }
    } finally {
      await target.cleanup();
    }
  }
}

const fmt = (n: number) => n.toFixed(n >= 100 ? 0 : 1);
console.log(`\nList endpoint, ${CONNECTIONS} connections, ${SECONDS} s × ${ROUNDS} rounds per target\n`);
console.log(
  'database | rows      | scenario             | generic req/s | hand-written req/s | ratio | generic p50/p99 ms | hand-written p50/p99 ms | errors (generic/hand-written)',
);
let failures = 0;
for (const r of table) {
  const ratio = r.generic.reqPerSec / r.baseline.reqPerSec;
  const p99Budget = r.rows >= 1_000_000 ? 60 : 30;
  // the p99 backstop is the first page's; deep pages have their own budget (within 2× of page 1, below)
  const p99Applies = !r.scenario.deepOf;
  // a side that completed no request within the window (latency above --seconds) gives no ratio
  const sampled = r.generic.reqPerSec > 0 && r.baseline.reqPerSec > 0;
  const verdict = sampled
    ? [ratio >= RATIO_BUDGET ? '' : `ratio<${RATIO_BUDGET}`, !p99Applies || r.generic.p99 <= p99Budget ? '' : `p99>${p99Budget}`].filter(Boolean).join(' ')
    : 'no sample: a side completed no request (machine too busy, or raise --seconds)';
  if (verdict) failures++;
  console.log(
    `${r.database.padEnd(8)} | ${String(r.rows).padEnd(9)} | ${r.scenario.name.padEnd(20)} | ${fmt(r.generic.reqPerSec).padStart(13)} | ${fmt(r.baseline.reqPerSec).padStart(18)} | ${ratio.toFixed(2).padStart(5)} | ${`${fmt(r.generic.p50)}/${fmt(r.generic.p99)}`.padStart(18)} | ${`${fmt(r.baseline.p50)}/${fmt(r.baseline.p99)}`.padStart(23)} | ${fmt(r.generic.errors)}/${fmt(r.baseline.errors)}${verdict ? `  ← ${verdict}` : ''}`,
  );
}
for (const deep of table.filter((r) => r.scenario.deepOf)) {
  const first = table.find((r) => r.database === deep.database && r.rows === deep.rows && r.scenario.name === deep.scenario.deepOf);
  if (!first || first.generic.p50 === 0 || deep.generic.p50 === 0) {
    failures++;
    console.log(`${deep.database} ${deep.rows}: ${deep.scenario.name}: no sample to compare with page 1  ← missed`);
    continue;
  }
  const deepRatio = deep.generic.p50 / Math.max(first.generic.p50, 0.01);
  if (deepRatio > 2) failures++;
  console.log(`${deep.database} ${deep.rows}: ${deep.scenario.name} p50 is ${deepRatio.toFixed(2)}× page 1 (budget ≤ 2×)${deepRatio > 2 ? '  ← missed' : ''}`);
}
for (const r of scopedTable) {
  // time per request under the same load: the inverse of the throughput ratio
  const timeRatio = r.admin.reqPerSec / r.scoped.reqPerSec;
  if (timeRatio > 1.2) failures++;
  console.log(
    `${r.database} ${r.rows}: ${r.scenario}, department-scoped role (1 of 4 departments) ${fmt(r.scoped.reqPerSec)} req/s p50/p99 ${fmt(r.scoped.p50)}/${fmt(r.scoped.p99)} ms, admin ${fmt(r.admin.reqPerSec)} req/s p50/p99 ${fmt(r.admin.p50)}/${fmt(r.admin.p99)} ms: scoped time ${timeRatio.toFixed(2)}× the admin's (budget ≤ 1.2×)${timeRatio > 1.2 ? '  ← missed' : ''}; errors ${fmt(r.scoped.errors)}/${fmt(r.admin.errors)}`,
  );
}
console.log(failures === 0 ? '\nAll list budgets met.' : `\n${failures} budget line(s) missed.`);
