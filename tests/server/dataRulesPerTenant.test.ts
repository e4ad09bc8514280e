import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../server/db/createDb.js';
import { up as dataRulesPerTenant } from '../../server/db/migrations/0011_data_rules_per_tenant.js';
import { createTestDatabase, databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { ensureTenant, grant, insertRole, insertUser } from '../helpers/testRows.js';
import { client, type Client } from './engineSupport.js';

// Data rules belong to one tenant (migration 0011): an administrator of tenant B neither sees, edits,
// previews nor attaches tenant A's rules, and cannot attach B's rules to A's roles. Tenant A is the
// default one (its administrator is the bootstrap admin); B is another with its own administrator.

const matrix = await databaseMatrix();
const RULES = '/sys/dataRule';
const GRANTS = '/sys/roleDataRule';
const B = 75;
const PASSWORD = 'Passw0rd1';
const B_CODES = [
  ...['list', 'add', 'edit', 'delete'].map((a) => `btn:system:dataRule:${a}`),
  ...['list', 'add', 'delete'].map((a) => `btn:system:roleDataRule:${a}`),
  'btn:system:role:list',
];

describe.each(matrix)('$kind: data rules per tenant', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let adminA: Client;
    let adminB: Client;
    const name = (k: string) => `dr${process.pid}${k}`;
    const rule = { a: '', b: '' };
    const role = { a: '', b: '' };

    const newRule = async (c: Client, key: string) => {
      const res = await c.post(`${RULES}/add`, { name: name(key), modelId: 'system.position', kind: 'own' });
      expect(res.body.success, JSON.stringify(res.body)).toBe(true);
      return res.body.result.id as string;
    };
    const grantsOf = async (roleId: string) =>
      (await sql<{ ruleId: string }>`select rule_id as "ruleId" from sys_role_data_rule where role_id = ${roleId}`.execute(t.app.ctx.db.db)).rows.map(
        (r) => r.ruleId,
      );

    beforeAll(async () => {
      t = await createTestApp(kind);
      const db = t.app.ctx.db.db;
      await ensureTenant(db, B);
      adminA = client(t, await t.login());
      const adminRoleB = await insertRole(db, name('adminB'), 1, B);
      await grant(db, adminRoleB, B_CODES);
      await insertUser(db, { username: name('b'), password: PASSWORD, roleIds: [adminRoleB], tenantIds: [B] });
      adminB = client(t, await t.login(name('b'), PASSWORD));
      role.a = await insertRole(db, name('roleA'), 1, 1);
      role.b = await insertRole(db, name('roleB'), 1, B);
      rule.a = await newRule(adminA, 'ruleA');
      rule.b = await newRule(adminB, 'ruleB');
    });
    afterAll(async () => {
      await t?.close();
    });

    it('stores a rule in its writer’s tenant and lists only the caller’s tenant’s rules', async () => {
      const { rows } = await sql<{ id: string; tenantId: number }>`select id, tenant_id as "tenantId" from sys_data_rule
        where id in (${rule.a}, ${rule.b})`.execute(t.app.ctx.db.db);
      expect(Object.fromEntries(rows.map((r) => [r.id, Number(r.tenantId)]))).toEqual({ [rule.a]: 1, [rule.b]: B });
      const listed = async (c: Client) => ((await c.get(`${RULES}/list`, { pageSize: 100 })).body.result.records as { id: string }[]).map((r) => r.id);
      expect(await listed(adminB)).toContain(rule.b);
      expect(await listed(adminB)).not.toContain(rule.a);
      expect(await listed(adminA)).not.toContain(rule.b);
    });

    it('refuses reading, editing, toggling, previewing and deleting another tenant’s rule like an unknown id', async () => {
      const unknown = (await adminB.get(`${RULES}/queryById`, { id: 'no-such-rule' })).body;
      const foreign = (await adminB.get(`${RULES}/queryById`, { id: rule.a })).body;
      expect(foreign.success).toBe(false);
      expect({ code: foreign.code, message: foreign.message }).toEqual({ code: unknown.code, message: unknown.message });
      expect((await adminB.put(`${RULES}/edit`, { id: rule.a, name: '篡改', version: 1 })).body.success).toBe(false);
      expect((await adminB.put(`${RULES}/editState`, { id: rule.a })).body.success).toBe(false);
      expect((await adminB.get(`${RULES}/preview`, { id: rule.a })).body.success).toBe(false);
      expect((await adminB.del(`${RULES}/delete`, { id: rule.a })).body.success).toBe(false);
      const { rows } = await sql<{ name: string; enabled: number }>`select name, enabled from sys_data_rule where id = ${rule.a}`.execute(t.app.ctx.db.db);
      expect(rows.map((r) => ({ ...r, enabled: Number(r.enabled) }))).toEqual([{ name: name('ruleA'), enabled: 1 }]);
    });

    it('attaches only the caller’s tenant’s rules to the caller’s tenant’s roles', async () => {
      const refusedForeignRule = await adminB.post(`${GRANTS}/add`, { roleId: role.b, ruleId: rule.a });
      expect(refusedForeignRule.body.success).toBe(false);
      const refusedUnknownRule = await adminB.post(`${GRANTS}/add`, { roleId: role.b, ruleId: 'no-such-rule' });
      expect(refusedForeignRule.body.message).toBe(refusedUnknownRule.body.message);
      expect((await adminB.post(`${GRANTS}/add`, { roleId: role.a, ruleId: rule.b })).body.success).toBe(false);
      // the bootstrap admin of A cannot attach B's rule to A's role either
      expect((await adminA.post(`${GRANTS}/add`, { roleId: role.a, ruleId: rule.b })).body.success).toBe(false);
      expect(await grantsOf(role.b)).toEqual([]);
      expect(await grantsOf(role.a)).toEqual([]);
      expect((await adminB.post(`${GRANTS}/add`, { roleId: role.b, ruleId: rule.b })).body.success).toBe(true);
      expect(await grantsOf(role.b)).toEqual([rule.b]);
    });
  });
});

describe.each(matrix)('$kind: migration 0011 (data rules per tenant) on an older database', ({ kind, available }) => {
  it.skipIf(!available)('puts every rule in tenant 1 and gives another tenant’s role its own copy of a shared rule', async () => {
    const database = await createTestDatabase(kind);
    const handle = createDb({ dataDir: database.dataDir, databaseUrl: database.databaseUrl });
    try {
      const db = handle.db.withoutPlugins() as unknown as Kysely<unknown>;
      await sql`create table sys_role (id varchar(36) primary key, role_name varchar(100), tenant_id integer)`.execute(db);
      await sql`create table sys_data_rule (id varchar(36) primary key, name varchar(100), model_id varchar(100), kind varchar(20), enabled integer)`.execute(
        db,
      );
      await sql`create table sys_role_data_rule (id varchar(36) primary key, role_id varchar(36), rule_id varchar(36))`.execute(db);
      await sql`insert into sys_role values ('r1', 'one', 1), ('r7', 'seven', 7), ('r7b', 'seven too', 7)`.execute(db);
      await sql`insert into sys_data_rule values ('own', '本人', 'system.position', 'own', 1), ('all', '全部', 'system.position', 'all', 0)`.execute(db);
      await sql`insert into sys_role_data_rule values ('g1', 'r1', 'own'), ('g7', 'r7', 'own'), ('g7b', 'r7b', 'own'), ('g7c', 'r7', 'all')`.execute(db);
      await dataRulesPerTenant(db);
      await dataRulesPerTenant(db); // a second run changes nothing
      const { rows: rules } = await sql<{ id: string; name: string; kind: string; enabled: number; tenantId: number }>`
        select id, name, kind, enabled, tenant_id as "tenantId" from sys_data_rule order by tenant_id, kind, id`.execute(db);
      const { rows: grants } = await sql<{ id: string; ruleId: string }>`select id, rule_id as "ruleId" from sys_role_data_rule order by id`.execute(db);
      const copies = rules.filter((r) => Number(r.tenantId) === 7);
      expect(rules.filter((r) => Number(r.tenantId) === 1).map((r) => r.id)).toEqual(['all', 'own']);
      expect(copies.map((r) => ({ name: r.name, kind: r.kind, enabled: Number(r.enabled) }))).toEqual([
        { name: '全部', kind: 'all', enabled: 0 },
        { name: '本人', kind: 'own', enabled: 1 },
      ]);
      const copyOf = (kindName: string) => copies.find((r) => r.kind === kindName)!.id;
      expect(Object.fromEntries(grants.map((g) => [g.id, g.ruleId]))).toEqual({ g1: 'own', g7: copyOf('own'), g7b: copyOf('own'), g7c: copyOf('all') });
    } finally {
      await handle.close();
      await database.drop();
    }
  });
});
