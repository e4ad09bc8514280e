// npm run bench:userImport — the user import of issue 9 through the real server in its own process (the
// compiled bundle, as `npm start` runs it): a file of `rows` users with one bad row (refused, nothing
// written), the same file fixed (imported in one transaction), the first sign-in of an imported user, and
// the export of the users back. While the bad file is checked /healthz, and while the fixed file imports
// /healthz and a page of the users list, are each fetched every 20 ms (one at a time): their worst answers
// are how long the import kept other requests waiting (the event loop; for the list also the database).
// Options: --rows=10000 --passwords=shared|distinct (one first password for every row, as a lab hands
// out one first password; or a different one per row) --db=sqlite|postgres
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { buildApp } from '../server/app.js';
import { postgresAdminUrl } from './benchPostgres.js';
import { startBuiltServer, stopProcess, waitForHttp } from './processes.js';

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

type Latencies = ReturnType<typeof summary>;

/** Latencies of `url` fetched every 20 ms (one at a time) until `work` settles; a refused answer stops the bench. */
async function pingWhile<T>(work: Promise<T>, url = '/healthz', headers: Record<string, string> = {}): Promise<{ result: T } & Latencies> {
  const latencies: number[] = [];
  let running = true;
  const pinger = (async () => {
    while (running) {
      const started = performance.now();
      const res = await fetch(`${ORIGIN}${url}`, { headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${url} answered ${res.status} while importing`);
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

const shown = (l: Latencies) => `worst ${l.worstMs.toFixed(0)} ms, p99 ${l.p99Ms.toFixed(0)} ms over ${l.count} fetches`;

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
  const server = await startBuiltServer(PORT, dataDir, db.url ? { DATABASE_URL: db.url } : {});
  try {
    await waitForHttp(`${ORIGIN}/readyz`, 120_000);
    const login = (await post('/sys/login', {}, { username: 'admin', password: ADMIN_PASSWORD })) as { result: { token: string } };
    const headers = { 'x-access-token': login.result.token, tenant_id: '1' };
    const label = `${POSTGRES ? 'PostgreSQL' : 'SQLite'}, ${ROWS} users, ${SHARED ? 'one shared first password' : 'a first password per row'}`;
    const quiet = await pingWhile(new Promise((r) => setTimeout(r, 2000)));

    // refused twice: the first import after start also pays the server's warm-up (code compiled on first use)
    const badFile = await usersFile(Math.floor(ROWS / 2));
    for (const run of ['first', 'again']) {
      const refusing = await pingWhile(importOnce(headers, badFile));
      const bad = refusing.result;
      if (bad.body.code !== 201) throw new Error(`the file with a bad row answered ${JSON.stringify(bad.body)}`);
      console.log(`${label}: bad row refused (${run}) in ${(bad.ms / 1000).toFixed(2)} s (${bad.body.msg})`);
      console.log(`/healthz while refusing it: ${shown(refusing)}`);
    }

    const fixed = await usersFile(null);
    const listUrl = `${BASE}?currentPage=1&pageSize=20`;
    const quietList = await pingWhile(new Promise((r) => setTimeout(r, 2000)), listUrl, headers);
    const importing = importOnce(headers, fixed);
    const [good, list] = await Promise.all([pingWhile(importing), pingWhile(importing, listUrl, headers)]);
    if (good.result.body.code !== 200) throw new Error(`the fixed file answered ${JSON.stringify(good.result.body)}`);
    console.log(`${label}: imported in ${(good.result.ms / 1000).toFixed(2)} s (${good.result.body.msg})`);
    console.log(`/healthz while importing: ${shown(good)} (idle: ${shown(quiet)})`);
    console.log(`users list page while importing: ${shown(list)} (idle: ${shown(quietList)})`);

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
