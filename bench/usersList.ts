// npm run bench:users — the users list (/api/permission/Users) over 100,000 users of one tenant, as the
// admin and as a scoped role whose one data rule leaves a quarter of them (orgCode equal to the
// user's own), alternating on one server process, same page. Issue 9's budget: the scoped role's time
// per request ≤ 1.2× the admin's. Every request also pays the users' tenancy (membership subquery).
// On a loaded machine req/s says little, so each side also reports the server's CPU per request (from /proc),
// and the budget is judged on that too.
// Options: --rows=100000 --seconds=10 --connections=20 --rounds=2 --port=18291 (SQLite; the data folder is reused)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { buildApp } from '../server/app.js';
import { hashPassword } from '../server/auth/passwords.js';
import { PROJECT_ROOT } from '../server/config.js';
import { newId } from '../server/db/ids.js';
import { nowText } from '../server/db/timestamps.js';
import { runLoad, type LoadResult } from './load.js';
import { cpuMs, startProcess, stopProcess, waitForHttp } from './processes.js';
import { BENCH_PASSWORD } from './seedPositions.js';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const ROWS = Number(args.rows ?? 100_000);
const SECONDS = Number(args.seconds ?? 10);
const CONNECTIONS = Number(args.connections ?? 20);
const ROUNDS = Number(args.rounds ?? 2);
const PORT = Number(args.port ?? 18291);
const SCOPED_USER = 'benchuserscope';
const ORG_CODES = ['U0', 'U1', 'U2', 'U3'];

/**
 * A data folder holding ROWS users of tenant 1 (members, spread over four org codes) and the scoped user.
 * The scoped user belongs to a department whose org code is U0: sign-in sets a user's org code from
 * their department, so without one their rule matched nobody (the folder's name changed with that).
 */
async function seededUsers(root: string): Promise<string> {
  const dir = path.join(root, `users-${ROWS}-depart`);
  if (fs.existsSync(path.join(dir, 'seeded.json'))) return dir;
  fs.rmSync(dir, { recursive: true, force: true });
  await (await buildApp({ config: { dataDir: dir, databaseUrl: null, adminPassword: BENCH_PASSWORD }, adminPasswordFinal: true })).close();
  const db = new Database(path.join(dir, 'cloudlab.db'));
  const hash = await hashPassword(BENCH_PASSWORD);
  const now = nowText();
  const user =
    db.prepare(`insert into sys_user (id, username, realname, password, salt, status, del_flag, org_code, must_change_password, create_by, create_time, version)
    values (?, ?, ?, ?, ?, 1, 0, ?, 0, 'bench', ?, 1)`);
  const member = db.prepare(`insert into sys_user_tenant (id, user_id, tenant_id, create_time, version) values (?, ?, 1, ?, 1)`);
  const started = Date.now();
  db.transaction(() => {
    for (let i = 0; i < ROWS; i++) {
      const id = newId();
      user.run(id, `bu${i}`, `压测用户${i}`, hash.password, hash.salt, ORG_CODES[i % ORG_CODES.length], now);
      member.run(newId(), id, now);
    }
    const scopedId = 'bench-user-scoped';
    user.run(scopedId, SCOPED_USER, '压测受限用户', hash.password, hash.salt, ORG_CODES[0], now);
    member.run(newId(), scopedId, now);
    db.prepare(
      `insert into sys_depart (id, tenant_id, depart_name, org_code, org_category, depart_order, status, create_time, version)
      values ('bench-user-depart', 1, '压测部门', ?, '1', 0, 1, ?, 1)`,
    ).run(ORG_CODES[0], now);
    db.prepare(`insert into sys_user_depart (id, user_id, dep_id, create_time, version) values ('bench-user-ud', ?, 'bench-user-depart', ?, 1)`).run(
      scopedId,
      now,
    );
    db.prepare(
      `insert into sys_role (id, role_name, role_code, status, tenant_id, create_time, version) values ('bench-user-role', '压测用户角色', 'benchUsers', 1, 1, ?, 1)`,
    ).run(now);
    db.prepare(
      `insert into sys_role_permission (id, role_id, permission_id, create_time, version)
      select 'bench-user-perm', 'bench-user-role', id, ?, 1 from sys_permission where perms = 'system:user:list'`,
    ).run(now);
    db.prepare(`insert into sys_user_role (id, user_id, role_id, create_time, version) values ('bench-user-ur', ?, 'bench-user-role', ?, 1)`).run(
      scopedId,
      now,
    );
    db.prepare(
      `insert into sys_data_rule (id, tenant_id, name, model_id, kind, field, operator, value_from, enabled, create_time, version)
      values ('bench-user-rule', 1, '本机构用户', 'system.user', 'field', 'orgCode', 'eq', 'user.orgCode', 1, ?, 1)`,
    ).run(now);
    db.prepare(
      `insert into sys_role_data_rule (id, role_id, rule_id, create_time, version) values ('bench-user-grant', 'bench-user-role', 'bench-user-rule', ?, 1)`,
    ).run(now);
  })();
  db.exec('analyze');
  db.close();
  fs.writeFileSync(path.join(dir, 'seeded.json'), JSON.stringify({ rows: ROWS, seededInMs: Date.now() - started }));
  return dir;
}

async function signIn(username: string): Promise<Record<string, string>> {
  const res = await fetch(`http://127.0.0.1:${PORT}/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: BENCH_PASSWORD }),
  });
  const body = (await res.json()) as { result: { token: string } };
  return { 'x-access-token': body.result.token, tenant_id: '1' };
}

interface Measured extends LoadResult {
  /** The server's CPU time (user + system) per answered request, in µs. */
  cpuUs: number;
}

const mean = (list: Measured[]): Measured => ({
  reqPerSec: list.reduce((s, r) => s + r.reqPerSec, 0) / list.length,
  p50: list.reduce((s, r) => s + r.p50, 0) / list.length,
  p99: list.reduce((s, r) => s + r.p99, 0) / list.length,
  errors: list.reduce((s, r) => s + r.errors, 0),
  total: list.reduce((s, r) => s + r.total, 0),
  cpuUs:
    list.reduce((s, r) => s + r.cpuUs * r.total, 0) /
    Math.max(
      1,
      list.reduce((s, r) => s + r.total, 0),
    ),
});

const dataDir = await seededUsers(path.join(PROJECT_ROOT, '.bench-data'));
const clientDir = path.join(os.tmpdir(), 'cloudlab-bench-no-client');
const server = startProcess(path.join(PROJECT_ROOT, 'server/main.ts'), {
  CLOUDLAB_DATA_DIR: dataDir,
  CLOUDLAB_CLIENT_DIR: clientDir,
  PORT: String(PORT),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
});
try {
  await waitForHttp(`http://127.0.0.1:${PORT}/readyz`, 300_000);
  const headers = { admin: await signIn('admin'), scoped: await signIn(SCOPED_USER) };
  const pagePaths = [1, 2, 3].map((page) => `/api/permission/Users?currentPage=${page}&pageSize=20`);
  const base = `http://127.0.0.1:${PORT}`;
  for (const who of ['admin', 'scoped'] as const) await runLoad(base, pagePaths, headers[who], 4, 2);
  const results = { admin: [] as Measured[], scoped: [] as Measured[] };
  const loadBefore = os.loadavg()[0]!;
  for (let round = 0; round < ROUNDS; round++) {
    for (const who of ['admin', 'scoped'] as const) {
      const cpuBefore = cpuMs(server.pid!);
      const run = await runLoad(base, pagePaths, headers[who], CONNECTIONS, SECONDS);
      results[who].push({ ...run, cpuUs: ((cpuMs(server.pid!) - cpuBefore) * 1000) / Math.max(1, run.total) });
    }
  }
  const admin = mean(results.admin);
  const scoped = mean(results.scoped);
  const ratio = admin.reqPerSec / scoped.reqPerSec;
  const cpuRatio = scoped.cpuUs / admin.cpuUs;
  const fmt = (n: number) => n.toFixed(1);
  const missed = (r: number) => (r > 1.2 ? '  ← missed' : '');
  console.log(
    `sqlite ${ROWS} users, pages 1-3, ${CONNECTIONS} connections, ${ROUNDS}×${SECONDS} s, load average ${loadBefore.toFixed(1)} → ${os.loadavg()[0]!.toFixed(1)}:\n` +
      `  admin  ${fmt(admin.reqPerSec)} req/s p50/p99 ${fmt(admin.p50)}/${fmt(admin.p99)} ms, server CPU ${admin.cpuUs.toFixed(0)} µs/request (${admin.total} requests)\n` +
      `  scoped (1 of 4 org codes) ${fmt(scoped.reqPerSec)} req/s p50/p99 ${fmt(scoped.p50)}/${fmt(scoped.p99)} ms, server CPU ${scoped.cpuUs.toFixed(0)} µs/request (${scoped.total} requests)\n` +
      `  scoped time ${ratio.toFixed(2)}× the admin's by req/s${missed(ratio)}, ${cpuRatio.toFixed(2)}× by CPU per request${missed(cpuRatio)} (budget ≤ 1.2×); errors ${admin.errors}/${scoped.errors}`,
  );
} finally {
  await stopProcess(server);
}
