import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { client, userWith, type Client } from './engineSupport.js';

const matrix = await databaseMatrix();
const BASE = '/api/system/BillRule';

describe.each(matrix)('$kind: bill rules (/api/system/BillRule)', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;
    beforeAll(async () => {
      t = await createTestApp(kind);
      admin = client(t, await t.login());
      const rule = await admin.post(BASE, { fullName: '委托单号', enCode: 'WT', prefix: 'WT', dateFormat: 'YYYYMM', digit: 5, startNumber: 100 });
      expect(rule.body, JSON.stringify(rule.body)).toMatchObject({ code: 200 });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('issues numbers from prefix, date pattern, digits and start number', async () => {
      const month = dayjs().format('YYYYMM');
      const first = await admin.get(`${BASE}/BillNumber/WT`);
      expect(first.body, JSON.stringify(first.body)).toMatchObject({ code: 200, data: `WT${month}00100` });
      expect((await admin.get(`${BASE}/BillNumber/WT`)).body.data).toBe(`WT${month}00101`);
      // spec 001 §7 names the rule by id (BillNumber/{id}): the same counter
      const id = (await admin.get(BASE, { keyword: '委托' })).body.data.list[0].id as string;
      expect((await admin.get(`${BASE}/BillNumber/${id}`)).body).toMatchObject({ code: 200, data: `WT${month}00102` });
      const listed = (await admin.get(BASE, { keyword: '委托' })).body.data.list[0];
      expect(listed).toMatchObject({ thisNumber: 102, thisPeriod: month });
    });

    it('gives 200 parallel requests 200 distinct numbers', async () => {
      await admin.post(BASE, { fullName: '并发', enCode: 'PAR', prefix: 'P', dateFormat: 'YYYYMMDD', digit: 4, startNumber: 1 });
      const answers = await Promise.all(Array.from({ length: 200 }, () => admin.get(`${BASE}/BillNumber/PAR`)));
      const numbers = answers.map((a) => a.body.data as string);
      expect(answers.every((a) => a.body.code === 200)).toBe(true);
      expect(new Set(numbers).size).toBe(200);
      const day = dayjs().format('YYYYMMDD');
      expect(numbers.map((n) => Number(n.slice(1 + day.length))).sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    });

    it('serves the Selector (enabled rules) and refuses a disabled or unknown rule, other tenants and callers without permission', async () => {
      const off = (await admin.post(BASE, { fullName: '停用', enCode: 'OFF' })).body.data;
      await admin.put(`${BASE}/${off.id}/Actions/State`);
      const selector = (await admin.get(`${BASE}/Selector`)).body.data.list as { enCode: string }[];
      expect(selector.map((r) => r.enCode)).toContain('WT');
      expect(selector.map((r) => r.enCode)).not.toContain('OFF');
      expect((await admin.get(`${BASE}/BillNumber/OFF`)).body.error).toBe('CL_ERR_BILL_RULE_DISABLED');
      // an unknown code is not created on the fly by this call
      expect((await admin.get(`${BASE}/BillNumber/NOPE`)).body.error).toBe('CL_ERR_RECORD_NOT_FOUND');
      expect((await admin.get(BASE, { enCode: 'NOPE' })).body.data.pagination.total).toBe(0);
      const otherTenant = await userWith(t, ['system:billRule:list'], { tenantId: 2 });
      expect((await otherTenant.get(`${BASE}/BillNumber/WT`)).body.error).toBe('CL_ERR_RECORD_NOT_FOUND');
      expect((await otherTenant.get(`${BASE}/BillNumber/${off.id}`)).body.error).toBe('CL_ERR_RECORD_NOT_FOUND');
      const nobody = await userWith(t, []);
      expect((await nobody.get(`${BASE}/BillNumber/WT`)).status).toBe(403);
      expect((await admin.get(`${BASE}/BillNumber/WT`, { x: 1 })).status).toBe(400);
      expect((await admin.get(`${BASE}/BillNumber/${'x'.repeat(51)}`)).status).toBe(400);
    });
  });
});
