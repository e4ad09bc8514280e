import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { grant, insertRole, insertUser } from '../helpers/testRows.js';
import { addFieldRule, client, type Client } from './engineSupport.js';

const matrix = await databaseMatrix();
const EDUCATION = '/system/sysUserEducation';
const CODES = ['staff:member:list', 'staff:education:list', 'staff:education:add', 'staff:education:edit', 'staff:education:delete', 'staff:education:export'];

/**
 * A sub-record tab (员工档案's 教育经历 and the other tabs, keyed by userId) is part of its parent record:
 * a role whose data rule limits the staff members it reaches reaches only their sub-records, through the
 * tab model's own routes too.
 */
describe.each(matrix)('$kind: sub-record tabs follow the data scope of their parent', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;
    let seq = 0;
    beforeAll(async () => {
      t = await createTestApp(kind);
      admin = client(t, await t.login());
    });
    afterAll(async () => {
      await t?.close();
    });

    /** a member of the given organisation code, with one education record whose school names it */
    async function memberWithEducation(orgCode: string): Promise<{ userId: string; educationId: string; school: string; version: number }> {
      const db = t.app.ctx.db.db;
      const userId = await insertUser(db, { username: `tabm${process.pid}x${++seq}`, password: 'Passw0rd1' });
      await sql`update sys_user set org_code = ${orgCode} where id = ${userId}`.execute(db);
      const school = `school ${orgCode} ${seq}`;
      const res = await admin.post(`${EDUCATION}/add`, { userId, school });
      expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true });
      return { userId, educationId: res.body.result.id, school, version: res.body.result.version };
    }

    it("reads, edits, deletes and adds only the sub-records of members the caller's rule reaches", async () => {
      const db = t.app.ctx.db.db;
      const mine = `TABA${process.pid}x${++seq}`;
      const theirs = `TABB${process.pid}x${++seq}`;
      const ruleId = await addFieldRule(admin, { name: `one organisation ${seq}`, modelId: 'staff.member', field: 'orgCode', value: mine });
      const roleId = await insertRole(db, `tabrole${process.pid}x${++seq}`);
      await grant(
        db,
        roleId,
        CODES.map((c) => `btn:${c}`),
      );
      expect((await admin.post('/sys/roleDataRule/add', { roleId, ruleId })).body).toMatchObject({ success: true });
      const username = `tabu${process.pid}x${++seq}`;
      await insertUser(db, { username, password: 'Passw0rd1', roleIds: [roleId] });
      const scoped = client(t, await t.login(username, 'Passw0rd1'));

      const near = await memberWithEducation(mine);
      const far = await memberWithEducation(theirs);
      // the parent itself is out of reach
      expect((await scoped.get('/admin/user/queryById', { id: far.userId })).body).toMatchObject({ error: 'CL_ERR_RECORD_NOT_FOUND' });
      // so are its sub-records: list, detail, edit, delete, a new one for it
      const schools = async (query: Record<string, string> = {}) =>
        (await scoped.get(`${EDUCATION}/list`, { pageSize: 100, ...query })).body.result.records.map((r: { school: string }) => r.school);
      expect(await schools({ userId: far.userId })).toEqual([]);
      expect(await schools()).toContain(near.school);
      expect(await schools()).not.toContain(far.school);
      expect((await scoped.get(`${EDUCATION}/queryById`, { id: far.educationId })).body).toMatchObject({ error: 'CL_ERR_RECORD_NOT_FOUND' });
      expect((await scoped.put(`${EDUCATION}/edit`, { id: far.educationId, school: 'changed', version: far.version })).body).toMatchObject({
        error: 'CL_ERR_RECORD_NOT_FOUND',
      });
      expect((await scoped.del(`${EDUCATION}/delete`, { id: far.educationId })).body).toMatchObject({ error: 'CL_ERR_RECORD_NOT_FOUND' });
      expect((await scoped.post(`${EDUCATION}/add`, { userId: far.userId, school: 'added' })).body).toMatchObject({ error: 'CL_ERR_DATA_SCOPE_OUTSIDE' });
      // nothing changed, and the member the rule reaches is served as before
      expect((await admin.get(`${EDUCATION}/queryById`, { id: far.educationId })).body.result).toMatchObject({ school: far.school, version: far.version });
      expect((await admin.get(`${EDUCATION}/list`, { userId: far.userId })).body.result.total).toBe(1);
      expect((await scoped.get(`${EDUCATION}/queryById`, { id: near.educationId })).body.result).toMatchObject({ school: near.school });
      expect((await scoped.put(`${EDUCATION}/edit`, { id: near.educationId, school: `${near.school}!`, version: near.version })).body).toMatchObject({
        success: true,
      });
      expect((await scoped.post(`${EDUCATION}/add`, { userId: near.userId, school: 'second' })).body).toMatchObject({ success: true });
    });
  });
});
