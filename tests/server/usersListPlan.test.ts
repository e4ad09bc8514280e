import Database from 'better-sqlite3';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { client } from './engineSupport.js';

// The users list is bounded by the tenant's membership (the users' tenancy hook). As `id in (members)` on
// SQLite it first drove the read (every member fetched and sorted for one page: 260–480 ms at 100,000
// users), then, kept off the id index, still built the whole member list on every read (18–21 ms a page).
// As a correlated EXISTS the read walks the default sort's index, probes the membership index per row and
// stops after the page (0.03 ms). The plan is the same at any size, so a small table shows it.
describe('sqlite: the users list page walks its sort index', () => {
  let t: TestApp;
  const statements: string[] = [];
  beforeAll(async () => {
    t = await createTestApp('sqlite', { onQuery: (text) => statements.push(text) });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reads a page of users by the create-time index, probing membership per row, with no sort or list of every member', async () => {
    const admin = client(t, await t.login());
    statements.length = 0;
    const res = await admin.get('/api/permission/Users', { currentPage: 1, pageSize: 20 });
    expect(res.body.data.list.length).toBeGreaterThan(0);
    const page = statements.find((s) => /from "sys_user" where .*sys_user_tenant.* order by .* limit/s.test(s));
    expect(page, 'the users page statement').toBeDefined();
    const db = new Database(path.join(t.database.dataDir, 'cloudlab.db'), { readonly: true });
    try {
      const explain = db.prepare(`explain query plan ${page!}`);
      // the plan does not depend on the values: bind nulls for the statement's parameters
      const params = new Array<null>((page!.match(/\?/g) ?? []).length).fill(null);
      const plan = (explain.all(...params) as { detail: string }[]).map((r) => r.detail).join('\n');
      expect(plan).toMatch(/SCAN sys_user USING (COVERING )?INDEX ix_sys_user_create_time_id/);
      expect(plan).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
      // one probe of the (tenant_id, user_id) index per visited user, never the tenant's whole member list
      expect(plan).toMatch(/SEARCH member USING COVERING INDEX ux_sys_user_tenant_tenant_id_user_id \(tenant_id=\? AND user_id=\?\)/);
      expect(plan).not.toMatch(/LIST SUBQUERY/);
    } finally {
      db.close();
    }
  });
});
