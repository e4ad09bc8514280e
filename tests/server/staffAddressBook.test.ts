import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { insertDepart } from '../helpers/testRows.js';
import { client, userWith, type Client } from './engineSupport.js';
import { readWorkbook } from './xlsxSupport.js';

const matrix = await databaseMatrix();
const API = '/online/cgreport/api';
const BOOK = 'staff.addressBook';
const CONTACT_KEYS = ['realname', 'workNo', 'orgCode', 'departName', 'phone', 'alternateNumber', 'virtualNumber', 'email'];

/** 通讯录 (issue 10's address book): the caller's tenant members and how to reach them, nothing else of a user. */
describe.each(matrix)('$kind: the address book', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;
    let token: string;
    const tag = `ab${process.pid}`;

    beforeAll(async () => {
      t = await createTestApp(kind);
      token = await t.login();
      admin = client(t, token);
      await insertDepart(t.app.ctx.db.db, `${tag}D`, `${tag}检测一部`);
      for (const [i, name] of ['甲', '乙'].entries()) {
        const res = await admin.post('/api/permission/Users', {
          username: `${tag}u${i}`,
          realname: `${tag}${name}`,
          password: 'Start1234v',
          orgCode: `${tag}D`,
          workNo: `W${i}`,
          phone: `1380013800${i}`,
          email: `${tag}${i}@lab.example.cn`,
          idcard: '11010519900307123X',
          homeAddress: '家庭住址',
        });
        expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
      }
    });
    afterAll(async () => {
      await t?.close();
    });

    const book = (as: Client, query: Record<string, string | number> = {}) => as.get(`${API}/getData/${BOOK}`, { pageNo: 1, pageSize: 100, ...query });
    // sorted by work number here (the book's own order is by name, by code point in both databases)
    const mine = (records: { realname: string; workNo: string }[]) =>
      records.filter((r) => r.realname.startsWith(tag)).sort((a, b) => a.workNo.localeCompare(b.workNo));

    it('lists the tenant members with their department, phone and email, and no other column of a user', async () => {
      const answer = (await book(admin, { realname: tag })).body;
      expect(answer.success, JSON.stringify(answer)).toBe(true);
      expect(mine(answer.result.records)).toEqual([
        {
          realname: `${tag}甲`,
          workNo: 'W0',
          orgCode: `${tag}D`,
          departName: `${tag}检测一部`,
          phone: '13800138000',
          alternateNumber: null,
          virtualNumber: null,
          email: `${tag}0@lab.example.cn`,
        },
        {
          realname: `${tag}乙`,
          workNo: 'W1',
          orgCode: `${tag}D`,
          departName: `${tag}检测一部`,
          phone: '13800138001',
          alternateNumber: null,
          virtualNumber: null,
          email: `${tag}1@lab.example.cn`,
        },
      ]);
      for (const row of answer.result.records) expect(Object.keys(row).sort()).toEqual([...CONTACT_KEYS].sort());
      // the export carries the same columns only
      const file = await t.request({ method: 'GET', url: `${API}/exportXls/${BOOK}`, token, query: { realname: tag } });
      expect(file.statusCode).toBe(200);
      const sheet = await readWorkbook(file.rawPayload);
      const text = JSON.stringify([...sheet.sheets.values()]);
      expect(text).toContain('13800138001');
      for (const hidden of ['11010519900307123X', '家庭住址', 'password', 'salt']) expect(text).not.toContain(hidden);
    });

    it('shows only members of the caller’s tenant, and only to holders of its permission', async () => {
      const reader = await userWith(t, ['staff:addressBook:list']);
      expect(mine((await book(reader)).body.result.records).map((r) => r.realname)).toEqual([`${tag}甲`, `${tag}乙`]);
      // a member of another tenant sees none of tenant 1's people
      const elsewhere = await userWith(t, ['staff:addressBook:list'], { tenantId: 2 });
      const theirs = (await book(elsewhere)).body;
      expect(theirs.success, JSON.stringify(theirs)).toBe(true);
      expect(mine(theirs.result.records)).toEqual([]);
      expect(theirs.result.records.map((r: { realname: string }) => r.realname)).not.toContain('admin');
      // without the permission the book does not exist for the caller
      const outsider = await userWith(t, []);
      expect((await book(outsider)).status).toBe(404);
      expect((await t.request({ method: 'GET', url: `${API}/getData/${BOOK}` })).statusCode).toBe(401);
    });
  });
});
