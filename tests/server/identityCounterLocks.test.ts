import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_COUNTER } from '../../server/db/identityGeneration.js';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { insertRole, insertUser } from '../helpers/testRows.js';

// The identity generation (db/identityGeneration.ts) is one counter row every write to an identity table
// increments in its transaction. On PostgreSQL that row's lock is held until the writer commits; taken at a
// transaction's first identity write, it made two transactions touching identity rows in opposite orders
// deadlock: the second waits on the counter while holding its row, the first then waits on that row.
// Now the counter is incremented as the transaction commits, once, after every other lock it takes.

const postgres = (await databaseMatrix()).find((d) => d.kind === 'postgres')!;

describe.skipIf(!postgres.available)('postgres: the identity counter under concurrent writers', () => {
  let t: TestApp;
  const clients: pg.Client[] = [];
  const name = (k: string) => `icl${process.pid}${k}`;
  const userIds: string[] = [];
  let roleId = '';

  async function connect(): Promise<pg.Client> {
    const c = new pg.Client({ connectionString: t.database.databaseUrl! });
    await c.connect();
    clients.push(c);
    return c;
  }

  async function generation(): Promise<bigint> {
    const { rows } = await sql<{ g: string }>`select generation as g from ${sql.table(IDENTITY_COUNTER)} where id = 1`.execute(t.app.ctx.db.db);
    return BigInt(rows[0]!.g);
  }

  beforeAll(async () => {
    t = await createTestApp('postgres');
    const db = t.app.ctx.db.db;
    roleId = await insertRole(db, name('role'));
    for (const user of ['a', 'b']) userIds.push(await insertUser(db, { username: name(user), password: 'Passw0rd1', roleIds: [roleId] }));
  }, 120_000);

  afterAll(async () => {
    for (const c of clients) await c.end().catch(() => {});
    await t?.close();
  });

  it('lets two transactions write identity tables in opposite orders, each counted once at its commit', async () => {
    const [first, second] = [await connect(), await connect()];
    // a hang fails the case rather than the run (a deadlock itself is found after deadlock_timeout, 1 s)
    for (const c of [first, second]) await c.query(`set lock_timeout = '5s'`);
    const before = await generation();
    await first.query('begin');
    await second.query('begin');
    // first: a user, then the role; second: the role, then another user
    await first.query('update sys_user set realname = $1 where id = $2', [name('first'), userIds[0]]);
    const secondOnRole = second.query('update sys_role set role_name = $1 where id = $2', [name('second'), roleId]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // first waits for second's lock on the role row: second must be able to go on and commit
    const firstOnRole = first.query('update sys_role set description = $1 where id = $2', [name('first'), roleId]);
    await secondOnRole;
    await second.query('update sys_user set realname = $1 where id = $2', [name('second'), userIds[1]]);
    await second.query('commit');
    await firstOnRole;
    // first has not committed: only second's transaction is counted so far
    expect(await generation()).toBe(before + 1n);
    await first.query('commit');
    expect(await generation()).toBe(before + 2n);
    const { rows } = await first.query<{ roleName: string; description: string }>('select role_name as "roleName", description from sys_role where id = $1', [
      roleId,
    ]);
    expect(rows[0]).toEqual({ roleName: name('second'), description: name('first') });
  });

  it('counts a transaction of many identity writes once, and a rolled back one not at all', async () => {
    const c = await connect();
    const before = await generation();
    await c.query('begin');
    await c.query('update sys_user set realname = realname where id = $1', [userIds[0]]);
    await c.query('update sys_role set role_name = role_name where id = $1', [roleId]);
    await c.query('update sys_user_role set create_time = create_time where user_id = $1', [userIds[0]]);
    await c.query('commit');
    expect(await generation()).toBe(before + 1n);
    await c.query('begin');
    await c.query('update sys_user set realname = realname where id = $1', [userIds[0]]);
    await c.query('rollback');
    expect(await generation()).toBe(before + 1n);
    // a write outside an explicit transaction is its own transaction
    await c.query('update sys_role set role_name = role_name where id = $1', [roleId]);
    expect(await generation()).toBe(before + 2n);
  });

  it('replaces the counting trigger of earlier versions, which locked the counter at the first write', async () => {
    const db = t.app.ctx.db.db;
    const triggers = async () =>
      (
        await sql<{ name: string; deferred: boolean }>`select tgname as name, tgdeferrable as deferred from pg_trigger
          where tgrelid = to_regclass('sys_role') and tgname like ${'%bumps%'} order by tgname`.execute(db)
      ).rows;
    const now = await triggers();
    // as an earlier version left the table: one statement trigger, counting at once
    for (const { name: trigger } of now) await sql`drop trigger ${sql.id(trigger)} on sys_role`.execute(db);
    await sql`create trigger ${sql.id(`sys_role_bumps_${IDENTITY_COUNTER}`)} after insert or update or delete or truncate on sys_role
      for each statement execute function ${sql.id(`${IDENTITY_COUNTER}_bump`)}()`.execute(db);
    await t.app.ctx.db.adapter.ddl.bumpOnWrite(db.withoutPlugins() as unknown as Kysely<unknown>, 'sys_role', IDENTITY_COUNTER);
    expect(await triggers()).toEqual(now);
    expect(now.map((r) => r.deferred)).toContain(true);
  });
});
