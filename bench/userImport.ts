// npm run bench:userImport — the user import of issue 9 through the real server in its own process (the
// compiled bundle, as `npm start` runs it): a file of `rows` users with one bad row (refused, nothing
// written), the same file fixed (imported in one transaction), the first sign-in of an imported user, and
// the export of the users back. While the fixed file imports, /healthz is fetched every 20 ms: its worst
// answer is how long the import kept the event loop from other requests.
// Options: --rows=10000 --passwords=shared|distinct (one first password for every row, as a lab hands
// out one first password; or a different one per row) --db=sqlite|postgres
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { buildApp } from '../server/app.js';
import { ensureServerBuild } from '../scripts/serverBuild.js';
import { postgresAdminUrl } from './benchPostgres.js';
import { startProcess, stopProcess, waitForHttp } from './processes.js';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const ROWS = Number(args.rows ?? 10_000);
const SHARED = (args.passwords ?? 'shared') === 'shared';
const POSTGRES = args.db === 'postgres';
const PORT = 18293;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const ADMIN_PASSWORD = 'Bench2026pass';
const BASE = '/api/permission/Users';
const PREFIX = 'bench';

const firstPassword = (i: number) => (SHARED ? 'Lab2026first' : `First${i}pw`);

async function usersFile(badRow: number | null): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('用户');
  sheet.addRow(['账号', '姓名', '密码']);
  // the bad row's first password fails the policy (letters only)
  for (let i = 0; i < ROWS; i++) sheet.addRow([`${PREFIX}${i}`, `导入用户${i}`, i === badRow ? 'abcdefgh' : firstPassword(i)]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function post(url: string, headers: Record<string, string>, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${ORIGIN}${url}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await res.json()) as Record<string, unknown>;
}

/** POST of the file as multipart, through node:http: fetch gives up on an answer after 300 s, and the import before this change took longer. */
async function importOnce(
  headers: Record<string, string>,
  file: Buffer,
): Promise<{ ms: number; body: { code: number; msg: string; data: Record<string, unknown> } }> {
  const boundary = `----cloudlabbench${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="users.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const started = performance.now();
  const text = await new Promise<string>((resolve, reject) => {
    const request = http.request(
      `${ORIGIN}${BASE}/ImportData`,
      { method: 'POST', headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': payload.length } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        res.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
  return { ms: performance.now() - started, body: JSON.parse(text) as { code: number; msg: string; data: Record<string, unknown> } };
}

/** Latencies of /healthz fetched every 20 ms (one at a time) until `stop` resolves. */
async function pingWhile<T>(work: Promise<T>): Promise<{ result: T; worstMs: number; p99Ms: number; count: number }> {
  const latencies: number[] = [];
  let running = true;
  const pinger = (async () => {
    while (running) {
      const started = performance.now();
      await fetch(`${ORIGIN}/healthz`).then((r) => r.arrayBuffer());
      latencies.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  try {
    const result = await work;
    return { result, ...summary(latencies) };
  } finally {
    running = false;
    await pinger;
  }
}

function summary(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { worstMs: sorted.at(-1) ?? 0, p99Ms: sorted[Math.floor(sorted.length * 0.99)] ?? 0, count: sorted.length };
}

/** A throwaway PostgreSQL database for the run (dropped after), or null for SQLite. */
async function database(): Promise<{ url: string | null; drop(): Promise<void> }> {
  if (!POSTGRES) return { url: null, drop: async () => {} };
  const admin = await postgresAdminUrl();
  if (!admin) throw new Error('no PostgreSQL at 127.0.0.1:5432');
  const name = `cloudlab_bench_userimport_${process.pid}`;
  const query = async (text: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(text).finally(() => client.end());
  };
  await query(`create database ${name}`);
  return { url: admin.replace(/\/postgres$/, `/${name}`), drop: () => query(`drop database if exists ${name} with (force)`) };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudlab-bench-userimport-'));
const db = await database();
try {
  const seeded = await buildApp({ config: { dataDir, databaseUrl: db.url, adminPassword: ADMIN_PASSWORD }, adminPasswordFinal: true });
  await seeded.close();
  const server = startProcess(
    await ensureServerBuild(),
    {
      HOST: '127.0.0.1',
      PORT: String(PORT),
      LOG_LEVEL: 'warn',
      CLOUDLAB_DATA_DIR: dataDir,
      CLOUDLAB_CLIENT_DIR: path.join(dataDir, 'no-client'),
      ...(db.url ? { DATABASE_URL: db.url } : {}),
    },
    [],
  );
  try {
    await waitForHttp(`${ORIGIN}/readyz`, 120_000);
    const login = (await post('/sys/login', {}, { username: 'admin', password: ADMIN_PASSWORD })) as { result: { token: string } };
    const headers = { 'x-access-token': login.result.token, tenant_id: '1' };
    const label = `${POSTGRES ? 'PostgreSQL' : 'SQLite'}, ${ROWS} users, ${SHARED ? 'one shared first password' : 'a first password per row'}`;
    const quiet = await pingWhile(new Promise((r) => setTimeout(r, 2000)));

    const bad = await importOnce(headers, await usersFile(Math.floor(ROWS / 2)));
    if (bad.body.code !== 201) throw new Error(`the file with a bad row answered ${JSON.stringify(bad.body)}`);
    console.log(`${label}: bad row refused in ${(bad.ms / 1000).toFixed(2)} s (${bad.body.msg})`);

    const good = await pingWhile(importOnce(headers, await usersFile(null)));
    if (good.result.body.code !== 200) throw new Error(`the fixed file answered ${JSON.stringify(good.result.body)}`);
    console.log(`${label}: imported in ${(good.result.ms / 1000).toFixed(2)} s (${good.result.body.msg})`);
    console.log(
      `/healthz while importing: worst ${good.worstMs.toFixed(0)} ms, p99 ${good.p99Ms.toFixed(0)} ms over ${good.count} fetches (idle: worst ${quiet.worstMs.toFixed(0)} ms, p99 ${quiet.p99Ms.toFixed(0)} ms)`,
    );

    // the first sign-in of an imported user works and asks for the change
    const first = (await post('/sys/login', {}, { username: `${PREFIX}${ROWS - 1}`, password: firstPassword(ROWS - 1) })) as {
      success: boolean;
      result?: { userInfo?: { mustChangePassword?: boolean } };
    };
    if (!first.success || first.result?.userInfo?.mustChangePassword !== true) throw new Error(`first sign-in answered ${JSON.stringify(first)}`);

    const started = performance.now();
    const exported = await fetch(`${ORIGIN}${BASE}/ExportExcel`, { headers });
    const bytes = (await exported.arrayBuffer()).byteLength;
    console.log(`export back: ${exported.status}, ${(bytes / 1024).toFixed(0)} KB in ${((performance.now() - started) / 1000).toFixed(2)} s`);
  } finally {
    await stopProcess(server);
  }
} finally {
  await db.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
