// npx tsx bench/roundTrips.ts — the statements one list request sends PostgreSQL, after warm-up: the
// generic server in this process on a throwaway copy of the bench positions, every statement its pool's
// connections run counted per request (by statement text, values never shown).
// Options: --rows=100000 --requests=20 --page=1 --scenario=keyword2|keyword3 --full (whole statement texts)
//          --url=postgres://… an existing copy to use (kept) instead of a fresh one (dropped)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../server/app.js';
import { PROJECT_ROOT } from '../server/config.js';
import { postgresAdminUrl, postgresCopyOf } from './benchPostgres.js';
import { BENCH_PASSWORD, seededDataDir, WORDS } from './seedPositions.js';

const args: Record<string, string | undefined> = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const ROWS = Number(args.rows ?? 100_000);
const REQUESTS = Number(args.requests ?? 20);
const PAGE = Number(args.page ?? 1);
const KEYWORDS = args.scenario === 'keyword3' ? WORDS.slice(0, 5).map((w, i) => `${w.slice(-1)}${WORDS[(i + 1) % WORDS.length]}`) : WORDS.slice(0, 5);

const seen: string[] = [];
const query = pg.Client.prototype.query as (...a: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...a: unknown[]) {
  const first = a[0] as string | { text?: string; name?: string };
  seen.push(typeof first === 'string' ? first : (first.text ?? `(prepared ${first.name})`));
  return query.apply(this, a);
} as typeof pg.Client.prototype.query;

async function freshCopy() {
  const adminUrl = await postgresAdminUrl();
  if (!adminUrl) throw new Error('no PostgreSQL with trust auth on 127.0.0.1:5432');
  return postgresCopyOf(adminUrl, await seededDataDir(path.join(PROJECT_ROOT, '.bench-data'), ROWS), ROWS);
}
const copy = args.url ? { url: args.url, drop: async () => {} } : await freshCopy();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudlab-trips-'));
const app = await buildApp({ config: { dataDir, databaseUrl: copy.url, adminPassword: BENCH_PASSWORD }, adminPasswordFinal: true });
try {
  const login = await app.inject({ method: 'POST', url: '/sys/login', payload: { username: 'admin', password: BENCH_PASSWORD } });
  const headers = { 'x-access-token': (login.json() as { result: { token: string } }).result.token, tenant_id: '1' };
  const list = (keyword: string) =>
    app.inject({
      method: 'GET',
      url: `/api/permission/Position?currentPage=${PAGE}&pageSize=20&keyword=${encodeURIComponent(keyword)}&sidx=sortCode&sort=asc`,
      headers,
    });
  for (const keyword of KEYWORDS) for (let i = 0; i < 3; i++) await list(keyword); // warm-up: totals, anchors, statements
  await new Promise((resolve) => setTimeout(resolve, 500)); // background anchor derivations
  seen.length = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const res = await list(KEYWORDS[i % KEYWORDS.length]!);
    if (res.statusCode !== 200) throw new Error(`list answered ${res.statusCode}`);
  }
  const counts = new Map<string, number>();
  for (const text of seen) counts.set(text, (counts.get(text) ?? 0) + 1);
  console.log(`[trips] ${ROWS} rows, page ${PAGE}, ${args.scenario ?? 'keyword2'}: ${(seen.length / REQUESTS).toFixed(2)} statements per request`);
  for (const [text, n] of [...counts].sort((a, b) => b[1] - a[1]))
    console.log(`  ${(n / REQUESTS).toFixed(2)} × ${text.replace(/\s+/g, ' ').slice(0, 'full' in args ? undefined : 160)}`);
} finally {
  await app.close();
  await copy.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
