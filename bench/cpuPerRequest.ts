// npm run bench:cpu — CPU time per request of the generic list endpoint against the hand-written route,
// in one run, read from /proc/<pid>/stat (utime + stime of the server process, plus its PostgreSQL
// backends' on PostgreSQL). Unlike req/s this holds on a shared, loaded machine: what other processes
// do moves wall time, not the CPU a request costs. Rounds alternate between the two sides.
// Options: --rows=100000 --database=sqlite|postgres --requests=4000 --connections=50 --rounds=3
//          --scenario=keyword2|keyword3 --page=1 (a deep page: 50 for keyword3 at 100k rows, 200 for keyword2)
//          --port=18281 (the hand-written side takes port + 1)
//          --before=/path/to/other/checkout adds that checkout's generic server (port + 2, SQLite only, on
//          its own copy of the data folder) as a third side: a change's before and after in one run
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { PROJECT_ROOT } from '../server/config.js';
import { postgresAdminUrl, postgresCopyOf } from './benchPostgres.js';
import { startProcess, stopProcess, waitForHttp } from './processes.js';
import { BENCH_PASSWORD, seededDataDir, WORDS } from './seedPositions.js';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const ROWS = Number(args.rows ?? 100_000);
const DATABASE = (args.database ?? 'sqlite') as 'sqlite' | 'postgres';
const REQUESTS = Number(args.requests ?? 4000);
const CONNECTIONS = Number(args.connections ?? 50);
const ROUNDS = Number(args.rounds ?? 3);
const PAGE = Number(args.page ?? 1);
const PORT = Number(args.port ?? process.env.CLOUDLAB_E2E_PORT ?? 18281);
const KEYWORDS = args.scenario === 'keyword3' ? WORDS.slice(0, 5).map((w, i) => `${w.slice(-1)}${WORDS[(i + 1) % WORDS.length]}`) : WORDS.slice(0, 5);

const BEFORE = args.before ?? null;
const TICKS_PER_SECOND = 100; // USER_HZ on Linux

function cpuTicks(pid: number): number {
  // the fields after the parenthesised command name; utime and stime are the 14th and 15th of the line
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** The ticks of each process still running (a backend that ended has none to read). */
function ticksOf(pids: number[]): Map<number, number> {
  const ticks = new Map<number, number>();
  for (const pid of pids) {
    try {
      ticks.set(pid, cpuTicks(pid));
    } catch {
      // a backend that ended
    }
  }
  return ticks;
}

/**
 * The ticks the backends spent between two readings: a backend that ended during the round (the other
 * side's pool closing an idle connection) counts for neither reading, so it cannot subtract its
 * earlier ticks from this side's; one opened during the round counts all of its ticks.
 */
function ticksSpent(before: Map<number, number>, after: Map<number, number>): number {
  let spent = 0;
  for (const [pid, ticks] of after) spent += ticks - (before.get(pid) ?? 0);
  return spent;
}

async function backendPids(adminUrl: string, database: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const result = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [database]);
    return result.rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

const sqliteDir = await seededDataDir(path.join(PROJECT_ROOT, '.bench-data'), ROWS);
const common = { HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
let env: Record<string, string>;
let baselineScript: string;
let cleanup = async () => {};
let adminUrl: string | null = null;
let databaseName = '';
if (DATABASE === 'sqlite') {
  env = { ...common, CLOUDLAB_DATA_DIR: sqliteDir, CLOUDLAB_CLIENT_DIR: path.join(sqliteDir, 'no-client') };
  baselineScript = 'bench/handWrittenServer.ts';
} else {
  adminUrl = await postgresAdminUrl();
  if (!adminUrl) throw new Error('no PostgreSQL with trust auth on 127.0.0.1:5432');
  const copy = await postgresCopyOf(adminUrl, sqliteDir, ROWS);
  databaseName = new URL(copy.url).pathname.slice(1);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudlab-bench-pg-'));
  env = { ...common, DATABASE_URL: copy.url, CLOUDLAB_DATA_DIR: dataDir, CLOUDLAB_CLIENT_DIR: path.join(dataDir, 'no-client') };
  baselineScript = 'bench/handWrittenServerPg.ts';
  cleanup = async () => {
    await copy.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

// copied before this checkout's server starts: its migrations would otherwise reach the copy, and an
// older checkout refuses a database migrated past its own history
let beforeDir: string | null = null;
if (BEFORE) {
  if (DATABASE !== 'sqlite') throw new Error('--before runs on SQLite only');
  beforeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudlab-cpu-before-'));
  fs.cpSync(sqliteDir, beforeDir, { recursive: true });
}
const generic = startProcess(path.join(PROJECT_ROOT, 'server/main.ts'), { ...env, PORT: String(PORT) });
const baseline = startProcess(path.join(PROJECT_ROOT, baselineScript), { ...env, PORT: String(PORT + 1) });
const before = BEFORE && beforeDir ? startProcess(path.join(BEFORE, 'server/main.ts'), { ...env, CLOUDLAB_DATA_DIR: beforeDir, PORT: String(PORT + 2) }) : null;
try {
  await waitForHttp(`http://127.0.0.1:${PORT}/readyz`, 300_000);
  await waitForHttp(`http://127.0.0.1:${PORT + 1}/bench/positions`);
  const signIn = async (port: number) => {
    const login = (await fetch(`http://127.0.0.1:${port}/sys/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: BENCH_PASSWORD }),
    }).then((r) => r.json())) as { result: { token: string } };
    return { 'x-access-token': login.result.token, tenant_id: '1' };
  };
  const headers = await signIn(PORT);
  const query = (k: string) => `?currentPage=${PAGE}&pageSize=20&keyword=${encodeURIComponent(k)}`;
  const genericPaths = KEYWORDS.map((k) => `/api/permission/Position${query(k)}&sidx=sortCode&sort=asc`);
  const sides: Record<string, { pid: number; base: string; paths: string[]; headers: Record<string, string> }> = {
    generic: { pid: generic.pid!, base: `http://127.0.0.1:${PORT}`, paths: genericPaths, headers },
    handWritten: { pid: baseline.pid!, base: `http://127.0.0.1:${PORT + 1}`, paths: KEYWORDS.map((k) => `/bench/positions${query(k)}`), headers },
  };
  if (before) {
    await waitForHttp(`http://127.0.0.1:${PORT + 2}/readyz`, 300_000);
    sides.before = { pid: before.pid!, base: `http://127.0.0.1:${PORT + 2}`, paths: genericPaths, headers: await signIn(PORT + 2) };
  }
  const run = (side: (typeof sides)[keyof typeof sides], amount: number) =>
    autocannon({
      url: side.base,
      connections: CONNECTIONS,
      amount,
      requests: side.paths.map((p) => ({ method: 'GET' as const, path: p, headers: side.headers })),
    });
  for (const side of Object.values(sides)) await run(side, 2000); // warm-up: JIT, caches, totals
  const samples: Record<string, { node: number[]; db: number[] }> = Object.fromEntries(Object.keys(sides).map((name) => [name, { node: [], db: [] }]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, side] of Object.entries(sides)) {
      const backends = adminUrl ? await backendPids(adminUrl, databaseName) : [];
      const before = { node: cpuTicks(side.pid), db: ticksOf(backends) };
      const result = await run(side, REQUESTS);
      const afterBackends = adminUrl ? await backendPids(adminUrl, databaseName) : [];
      const after = { node: cpuTicks(side.pid), db: ticksOf([...new Set([...backends, ...afterBackends])]) };
      const done = result.requests.total;
      if (result.non2xx || result.errors) throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      samples[name]!.node.push(((after.node - before.node) / TICKS_PER_SECOND / done) * 1e6);
      samples[name]!.db.push((ticksSpent(before.db, after.db) / TICKS_PER_SECOND / done) * 1e6);
    }
  }
  const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
  const line = (name: string) => {
    const s = samples[name]!;
    const db = adminUrl ? `, postgres ${median(s.db).toFixed(0)} µs` : '';
    return `${name}: node ${median(s.node).toFixed(0)} µs [${s.node.map((v) => v.toFixed(0)).join(' ')}]${db}`;
  };
  const total = (name: string) => median(samples[name]!.node) + median(samples[name]!.db);
  console.log(
    `[cpu] ${DATABASE} ${ROWS} ${args.scenario ?? 'keyword2'} page ${PAGE}, ${REQUESTS} requests × ${ROUNDS} rounds, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(`[cpu] ${line('generic')}`);
  console.log(`[cpu] ${line('handWritten')}`);
  if (before) console.log(`[cpu] ${line('before')} (${BEFORE})`);
  console.log(`[cpu] ratio of CPU per request (hand-written / generic): ${(total('handWritten') / total('generic')).toFixed(2)}`);
} finally {
  await Promise.all([stopProcess(generic), stopProcess(baseline), ...(before ? [stopProcess(before)] : [])]);
  if (beforeDir) fs.rmSync(beforeDir, { recursive: true, force: true });
  await cleanup();
}
