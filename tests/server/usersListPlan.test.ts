import Database from 'better-sqlite3';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { client } from './engineSupport.js';

// The users list is bounded by the tenant's membership (`id in (members)`, the users' tenancy hook). On
// SQLite that test drove the read: every member's row was fetched and all of them sorted for one page
// (260–480 ms a page at 100,000 users). The engine keeps the membership test off the id index, so the
// read walks the default sort's index and stops after the page. The plan is the same at any size, so a
// small table shows it.
describe('sqlite: the users list page walks its sort index', () => {
  let t: TestApp;
  const statements: string[] = [];
  beforeAll(async () => {
    t = await createTestApp('sqlite', { onQuery: (text) => statements.push(text) });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reads a page of users by the create-time index, with no sort of every member', async () => {
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
    } finally {
      db.close();
    }
  });
});
