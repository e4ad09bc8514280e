import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix, postgresAdminUrl } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

const postgres = (await databaseMatrix()).find((d) => d.kind === 'postgres')!;

// security.md §23: the server survives losing its PostgreSQL (a restart, a failover): requests that
// cannot reach it get a clear 503, and once it is back the same process serves again, no restart.
describe.skipIf(!postgres.available)('postgres: an outage of the database', () => {
  let t: TestApp;
  let token: string;
  let database: string;

  async function asAdmin(statement: string, params: unknown[] = []): Promise<pg.QueryResult> {
    const admin = new pg.Client({ connectionString: (await postgresAdminUrl())! });
    await admin.connect();
    try {
      return await admin.query(statement, params);
    } finally {
      await admin.end();
    }
  }

  beforeAll(async () => {
    t = await createTestApp('postgres');
    token = await t.login();
    database = new URL(t.database.databaseUrl!).pathname.slice(1);
  });
  afterAll(async () => {
    await asAdmin(`alter database ${database} with allow_connections true`).catch(() => {});
    await t?.close();
  });

  const list = () => t.request({ method: 'GET', url: '/api/permission/Position', token });

  it('answers 503 in the family envelope while the database refuses connections, then recovers by itself', async () => {
    expect((await list()).statusCode).toBe(200);

    // 1. the database goes away: existing connections die, new ones are refused
    await asAdmin(`alter database ${database} with allow_connections false`);
    await asAdmin('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [database]);
    await new Promise((r) => setTimeout(r, 200));

    // 2. requests get a clear 503, never a stack or a crash; readiness says so too
    const down = await list();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ code: 503, error: 'CL_ERR_DB_UNAVAILABLE' });
    expect(down.body).not.toMatch(/allow_connections|pg_|stack|at /i);
    expect((await t.request({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);

    // 3. it comes back: the same server answers again
    await asAdmin(`alter database ${database} with allow_connections true`);
    expect((await list()).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});
