// npm run bench:report — a report over 1,000,000 rows (issue 13's budget: pages in ≤ 60 ms p99, and per
// budgets.md a ratio against a baseline in the same run). The report is labCalibration.curve (a structured
// query over labCalibration.point, sorted by standard value) paged through getData; the baseline is the
// generic list endpoint of the same model over the same table, same page size and sort, on the same
// server, alternating rounds. A ratio near 1 means the report layer costs no more than a list.
// Options: --rows=1000000 --seconds=10 --connections=50 --rounds=2 (SQLite; the data folder in .bench-data
// is reused while it holds the same row count).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { buildApp } from '../server/app.js';
import { PROJECT_ROOT } from '../server/config.js';
import { newId } from '../server/db/ids.js';
import { nowText } from '../server/db/timestamps.js';
import { meanLoad as mean, runLoad, type LoadResult } from './load.js';
import { startProcess, stopProcess, waitForHttp } from './processes.js';
import { BENCH_PASSWORD } from './seedPositions.js';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const ROWS = Number(args.rows ?? 1_000_000);
const SECONDS = Number(args.seconds ?? 10);
const CONNECTIONS = Number(args.connections ?? 50);
const ROUNDS = Number(args.rounds ?? 2);
const PORT = Number(process.env.CLOUDLAB_BENCH_PORT ?? 18292);
const DEVICES = 50;

/** A data folder holding ROWS calibration points of tenant 1, written in one transaction by one prepared insert. */
async function seededPoints(root: string): Promise<{ dir: string; seededInMs: number }> {
  const dir = path.join(root, `report-points-${ROWS}`);
  const marker = path.join(dir, 'seeded.json');
  if (fs.existsSync(marker)) return { dir, ...(JSON.parse(fs.readFileSync(marker, 'utf8')) as { seededInMs: number }) };
  fs.rmSync(dir, { recursive: true, force: true });
  await (await buildApp({ config: { dataDir: dir, databaseUrl: null, adminPassword: BENCH_PASSWORD }, adminPasswordFinal: true })).close();
  const db = new Database(path.join(dir, 'cloudlab.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  // random ids fill the primary-key index out of order: a large page cache keeps the seed from thrashing
  db.pragma('cache_size = -524288');
  const insert = db.prepare(
    `insert into lab_calibration_point (id, tenant_id, device_name, standard_value, reading_value, create_by, create_time, version)
     values (?, 1, ?, ?, ?, 'bench', ?, 1)`,
  );
  const started = Date.now();
  const now = nowText();
  db.transaction(() => {
    for (let i = 0; i < ROWS; i++) {
      const x = (i * 7919) % ROWS;
      insert.run(newId(), `压测仪器${i % DEVICES}`, x / 100, (x / 100) * 1.02 + (i % 13) / 1000, now);
    }
  })();
  db.exec('analyze');
  db.close();
  const seededInMs = Date.now() - started;
  fs.writeFileSync(marker, JSON.stringify({ rows: ROWS, seededInMs }));
  return { dir, seededInMs };
}

async function signIn(base: string): Promise<Record<string, string>> {
  const res = await fetch(`${base}/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: BENCH_PASSWORD }),
  });
  const body = (await res.json()) as { result?: { token: string } };
  if (!body.result) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return { 'x-access-token': body.result.token, tenant_id: '1' };
}

const { dir: dataDir, seededInMs } = await seededPoints(path.join(PROJECT_ROOT, '.bench-data'));
console.log(`seeded ${ROWS} points in ${(seededInMs / 1000).toFixed(1)} s (reused when already there)`);
const server = startProcess(path.join(PROJECT_ROOT, 'server/main.ts'), {
  CLOUDLAB_DATA_DIR: dataDir,
  CLOUDLAB_CLIENT_DIR: path.join(os.tmpdir(), 'cloudlab-bench-no-client'),
  PORT: String(PORT),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
});
try {
  const base = `http://127.0.0.1:${PORT}`;
  await waitForHttp(`${base}/readyz`, 300_000);
  const headers = await signIn(base);
  const pages = [1, 2, 3, 50];
  const targets = {
    report: pages.map((p) => `/online/cgreport/api/getData/labCalibration.curve?pageNo=${p}&pageSize=10&column=standardValue&order=asc`),
    list: pages.map((p) => `/admin/calibrationPoint/list?pageNo=${p}&pageSize=10&column=standardValue&order=asc`),
  };
  const check = (await (await fetch(`${base}${targets.report[0]}`, { headers })).json()) as { result?: { total: number } };
  if (check.result?.total !== ROWS) throw new Error(`the report answered ${JSON.stringify(check).slice(0, 300)}`);
  for (const name of ['report', 'list'] as const) await runLoad(base, targets[name], headers, 4, 2);
  const results = { report: [] as LoadResult[], list: [] as LoadResult[] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of ['report', 'list'] as const) results[name].push(await runLoad(base, targets[name], headers, CONNECTIONS, SECONDS));
  }
  const report = mean(results.report);
  const list = mean(results.list);
  const ratio = report.reqPerSec / list.reqPerSec;
  const fmt = (n: number) => n.toFixed(1);
  console.log(
    `sqlite ${ROWS} rows, pages 1/2/3/50 of 10, ${CONNECTIONS} connections, ${ROUNDS}×${SECONDS} s: ` +
      `report ${fmt(report.reqPerSec)} req/s p50/p99 ${fmt(report.p50)}/${fmt(report.p99)} ms${report.p99 > 60 ? ' (budget p99 ≤ 60 ms: missed)' : ''}; ` +
      `list baseline ${fmt(list.reqPerSec)} req/s p50/p99 ${fmt(list.p50)}/${fmt(list.p99)} ms; report ÷ list ${ratio.toFixed(2)}×; ` +
      `errors ${report.errors}/${list.errors}; load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
} finally {
  await stopProcess(server);
}
