// npm run bench — the generic list endpoint against a hand-written Fastify route running the same SQL,
// on positions tables of 100,000 and 1,000,000 rows, 50 connections on 127.0.0.1, in the same run.
// Budgets (../shared/design/budgets.md): ≥ 0.6× the hand-written throughput; p99 ≤ 30 ms at 100k
// and ≤ 60 ms at 1M; page 200 within 2× of page 1.
// Options: --rows=100000,1000000 --seconds=10 --connections=50 --rounds=2
import path from 'node:path';
import { PROJECT_ROOT } from '../server/config.js';
import { runLoad, type LoadResult } from './load.js';
import { startProcess, stopProcess, waitForHttp } from './processes.js';
import { BENCH_PASSWORD, seededDataDir, WORDS } from './seedPositions.js';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const ROWS = (args.rows ?? '100000,1000000').split(',').map(Number);
const SECONDS = Number(args.seconds ?? 10);
const CONNECTIONS = Number(args.connections ?? 50);
const ROUNDS = Number(args.rounds ?? 2);
const GENERIC_PORT = 18281;
const BASELINE_PORT = 18282;
const KEYWORDS = WORDS.slice(0, 5);

function paths(prefix: string, page: number, extra: string): string[] {
  return KEYWORDS.map((k) => `${prefix}?currentPage=${page}&pageSize=20&keyword=${encodeURIComponent(k)}${extra}`);
}

function mean(results: LoadResult[]): LoadResult {
  const avg = (pick: (r: LoadResult) => number) => results.reduce((s, r) => s + pick(r), 0) / results.length;
  return { reqPerSec: avg((r) => r.reqPerSec), p50: avg((r) => r.p50), p99: avg((r) => r.p99), errors: avg((r) => r.errors) };
}

interface Row {
  rows: number;
  scenario: string;
  generic: LoadResult;
  baseline: LoadResult;
}

async function benchSize(rows: number): Promise<Row[]> {
  const dataDir = await seededDataDir(path.join(PROJECT_ROOT, '.bench-data'), rows);
  const env = { CLOUDLAB_DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: 'warn', CLOUDLAB_CLIENT_DIR: path.join(dataDir, 'no-client') };
  const generic = startProcess(path.join(PROJECT_ROOT, 'server/main.ts'), { ...env, PORT: String(GENERIC_PORT) });
  const baseline = startProcess(path.join(PROJECT_ROOT, 'bench/handWrittenServer.ts'), { ...env, PORT: String(BASELINE_PORT) });
  try {
    await waitForHttp(`http://127.0.0.1:${GENERIC_PORT}/readyz`);
    await waitForHttp(`http://127.0.0.1:${BASELINE_PORT}/bench/positions`);
    const login = await fetch(`http://127.0.0.1:${GENERIC_PORT}/sys/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: BENCH_PASSWORD }),
    }).then((r) => r.json() as Promise<{ result: { token: string } }>);
    const headers = { 'x-access-token': login.result.token, tenant_id: '1' };
    const out: Row[] = [];
    for (const [scenario, page] of [['keyword + sort, page 1', 1], ['keyword + sort, page 200', 200]] as const) {
      const targets = {
        generic: [`http://127.0.0.1:${GENERIC_PORT}`, paths('/api/permission/Position', page, '&sidx=sortCode&sort=asc')] as const,
        baseline: [`http://127.0.0.1:${BASELINE_PORT}`, paths('/bench/positions', page, '')] as const,
      };
      // warm-up: JIT, page cache, and the totals of these five filters on both sides
      for (const [base, p] of Object.values(targets)) await runLoad(base, [...p], headers, 4, 2);
      const results: Record<'generic' | 'baseline', LoadResult[]> = { generic: [], baseline: [] };
      for (let round = 0; round < ROUNDS; round++) {
        for (const name of ['baseline', 'generic'] as const) {
          const [base, p] = targets[name];
          results[name].push(await runLoad(base, [...p], headers, CONNECTIONS, SECONDS));
        }
      }
      out.push({ rows, scenario, generic: mean(results.generic), baseline: mean(results.baseline) });
    }
    return out;
  } finally {
    await Promise.all([stopProcess(generic), stopProcess(baseline)]);
  }
}

const table: Row[] = [];
for (const rows of ROWS) table.push(...(await benchSize(rows)));

const fmt = (n: number) => n.toFixed(n >= 100 ? 0 : 1);
console.log(`\nList endpoint, ${CONNECTIONS} connections, ${SECONDS} s × ${ROUNDS} rounds per target (SQLite)\n`);
console.log('rows      | scenario                  | generic req/s | hand-written req/s | ratio | generic p50/p99 ms | hand-written p99 ms | errors (generic/hand-written)');
let failures = 0;
for (const r of table) {
  const ratio = r.generic.reqPerSec / r.baseline.reqPerSec;
  const p99Budget = r.rows >= 1_000_000 ? 60 : 30;
  // the p99 backstop is the first page's; deep pages have their own budget (page 200 within 2× of page 1, below)
  const p99Applies = !r.scenario.includes('page 200');
  const verdict = [ratio >= 0.6 ? '' : 'ratio<0.6', !p99Applies || r.generic.p99 <= p99Budget ? '' : `p99>${p99Budget}`].filter(Boolean).join(' ');
  if (verdict) failures++;
  console.log(
    `${String(r.rows).padEnd(9)} | ${r.scenario.padEnd(25)} | ${fmt(r.generic.reqPerSec).padStart(13)} | ${fmt(r.baseline.reqPerSec).padStart(18)} | ${ratio.toFixed(2).padStart(5)} | ${`${fmt(r.generic.p50)}/${fmt(r.generic.p99)}`.padStart(18)} | ${fmt(r.baseline.p99).padStart(19)} | ${fmt(r.generic.errors)}/${fmt(r.baseline.errors)}${verdict ? `  ← ${verdict}` : ''}`,
  );
}
for (const rows of ROWS) {
  const [first, deep] = table.filter((r) => r.rows === rows);
  if (first && deep) {
    const deepRatio = deep.generic.p50 / Math.max(first.generic.p50, 0.01);
    if (deepRatio > 2) failures++;
    console.log(`${rows}: page 200 p50 is ${deepRatio.toFixed(2)}× page 1 (budget ≤ 2×)${deepRatio > 2 ? '  ← missed' : ''}`);
  }
}
console.log(failures === 0 ? '\nAll list budgets met.' : `\n${failures} budget line(s) missed.`);
