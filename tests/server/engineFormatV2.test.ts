import dayjs from 'dayjs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHookRegistry } from '../../server/engine/hookRegistry.js';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, fixturePath, type TestApp } from '../helpers/testApp.js';
import { client, type Client } from './engineSupport.js';
import { multipart, readWorkbook, workbookOf } from './xlsxSupport.js';

const matrix = await databaseMatrix();
const ORDERS = '/api/v2fixture/Order';
const RULES = '/api/system/BillRule';

/** Server side of format v2 on the fixture model v2fixture.order (tests/fixtures/formatV2Modules). */
describe.each(matrix)('$kind: format v2 on the server', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;
    let today: string;
    let entered: () => void = () => {};
    let gate: Promise<void> = Promise.resolve();

    beforeAll(async () => {
      const hooks = createHookRegistry();
      hooks.register('v2fixture.upperName', ({ values }) => ({ ...values, name: String(values.name ?? '').toUpperCase() }));
      // answers the fields of the model version serving the request, once the test opens the gate
      hooks.registerOperation('v2fixture.fieldsSeen', async ({ model }) => {
        entered();
        await gate;
        return Object.keys(model.entity.fields);
      });
      t = await createTestApp(kind, { extraSchemaDirs: [fixturePath('formatV2Modules')], hooks });
      admin = client(t, await t.login());
      today = dayjs().format('YYYYMMDD');
    });
    afterAll(async () => {
      await t?.close();
    });

    const create = async (values: Record<string, unknown> = {}) => {
      const res = await admin.post(ORDERS, values);
      expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
      return res.body.data as Record<string, unknown> & { id: string; version: number };
    };
    const rule = async () => {
      const page = await admin.get(RULES, { keyword: 'v2_order_no' });
      return page.body.data.list[0] as {
        id: string;
        version: number;
        prefix: string | null;
        dateFormat: string;
        digit: number;
        thisNumber: number;
        thisPeriod: string;
      };
    };
    /** the sequence part of a bill number, as the rule (however configured by now) wrote it */
    const sequenceOf = async (orderNo: unknown) => {
      const r = await rule();
      const head = `${r.prefix ?? ''}${dayjs().format(r.dateFormat)}`;
      expect(String(orderNo).startsWith(head)).toBe(true);
      expect(String(orderNo).length).toBe(head.length + r.digit);
      return Number(String(orderNo).slice(head.length));
    };

    describe('computed defaults on create', () => {
      it('fills today, now, the user, the department, the tenant and a bill number when the client sends none', async () => {
        const before = dayjs().format('YYYY-MM-DD HH:mm:ss');
        const row = await create();
        const { rows } = await sql<{ id: string }>`select id from sys_depart where org_code = 'A01'`.execute(t.app.ctx.db.db);
        expect(row).toMatchObject({ orderDate: dayjs().format('YYYY-MM-DD'), clerk: 'admin', departId: rows[0]!.id, tenantNo: 1, quantity: 1, state: '0' });
        expect(typeof row.clerkName).toBe('string');
        expect(String(row.registeredAt) >= before).toBe(true);
        // the number is the rule's latest
        expect(await sequenceOf(row.orderNo)).toBe((await rule()).thisNumber);
      });

      it('creates a rule nobody configured with the default format: date and four digits', async () => {
        const fresh = await createTestApp(kind, { extraSchemaDirs: [fixturePath('formatV2Modules')] });
        try {
          const res = await client(fresh, await fresh.login()).post(ORDERS, {});
          expect(res.body.data.orderNo).toBe(`${today}0001`);
        } finally {
          await fresh.close();
        }
      });

      it('keeps a value the client sent', async () => {
        const row = await create({ orderDate: '2024-03-01', clerkName: '代办人' });
        expect(row).toMatchObject({ orderDate: '2024-03-01', clerkName: '代办人' });
      });

      it('refuses a client value for a read-only computed field', async () => {
        const res = await admin.post(ORDERS, { orderNo: 'FORGED' });
        expect(res.body).toMatchObject({ error: 'CL_ERR_FIELD_READONLY' });
      });

      it('numbers bills consecutively, also under concurrent creates, and follows the rule as configured', async () => {
        const first = await sequenceOf((await create()).orderNo);
        const parallel = await Promise.all(Array.from({ length: 12 }, () => create()));
        const numbers: number[] = [];
        for (const r of parallel) numbers.push(await sequenceOf(r.orderNo));
        expect(numbers.sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => first + 1 + i));

        const configured = await rule();
        expect(configured).toMatchObject({ enCode: 'v2_order_no', thisNumber: first + 12, thisPeriod: dayjs().format(configured.dateFormat) });
        const edited = await admin.put(`${RULES}/${configured.id}`, {
          prefix: 'WT',
          dateFormat: 'YYYYMM',
          digit: 6,
          startNumber: 1,
          version: configured.version,
        });
        expect(edited.body.code).toBe(200);
        // a new date part starts the sequence again
        expect((await create()).orderNo).toBe(`WT${dayjs().format('YYYYMM')}000001`);
        expect((await create()).orderNo).toBe(`WT${dayjs().format('YYYYMM')}000002`);
      });

      it('a refused create gives its bill number back; a disabled rule refuses to number', async () => {
        // the rule exists once a create has numbered a bill (a refused create rolls its creation back too), whatever
        // ran before this case: run first (a shuffled order), the rule was missing and this case failed
        await create();
        const before = await rule();
        const refused = await admin.post(ORDERS, { state: '2' });
        expect(refused.body).toMatchObject({ error: 'CL_ERR_VALIDATION' });
        expect((await rule()).thisNumber).toBe(before.thisNumber);

        expect((await admin.put(`${RULES}/${before.id}/Actions/State`)).body.code).toBe(200);
        const disabled = await admin.post(ORDERS, {});
        expect(disabled.body).toMatchObject({ error: 'CL_ERR_BILL_RULE_DISABLED' });
        expect((await rule()).thisNumber).toBe(before.thisNumber);
        expect((await admin.put(`${RULES}/${before.id}/Actions/State`)).body.code).toBe(200);
      });
    });

    describe('compute and requiredWhen', () => {
      it('recomputes compute fields on create and on every update, whatever the client sent', async () => {
        const row = await create({ quantity: 3, unitPrice: 2.5, amount: 999, standards: ['GB 1499', 'GB 50204'] });
        expect(row).toMatchObject({ amount: 7.5, tagCount: 2 });
        const more = await admin.put(`${ORDERS}/${row.id}`, { quantity: 4, version: row.version });
        expect(more.body.data).toMatchObject({ quantity: 4, unitPrice: 2.5, amount: 10, tagCount: 2 });
        const tampered = await admin.put(`${ORDERS}/${row.id}`, { amount: 1, tagCount: 9, version: more.body.data.version });
        expect(tampered.body.data).toMatchObject({ amount: 10, tagCount: 2 });
        const stored = await admin.get(`${ORDERS}/${row.id}`);
        expect(stored.body.data).toMatchObject({ amount: 10, tagCount: 2 });
      });

      it('enforces requiredWhen with the message of required, on create and on update', async () => {
        const refused = await admin.post(ORDERS, { state: '2' });
        expect(refused.body).toMatchObject({
          code: 401,
          error: 'CL_ERR_VALIDATION',
          msg: '请输入报告编号',
          data: { errors: [{ field: 'reportNo', message: '请输入报告编号' }] },
        });
        const done = await create({ state: '2', reportNo: 'R-1' });
        expect(done.reportNo).toBe('R-1');

        const open = await create({ state: '1' });
        const toDone = await admin.put(`${ORDERS}/${open.id}`, { state: '2', version: open.version });
        expect(toDone.body).toMatchObject({ error: 'CL_ERR_VALIDATION', data: { errors: [{ field: 'reportNo' }] } });
        // the stored report number counts: editing another field of a finished order is fine
        const other = await admin.put(`${ORDERS}/${done.id}`, { quantity: 2, version: done.version });
        expect(other.body.code).toBe(200);
        const cleared = await admin.put(`${ORDERS}/${done.id}`, { reportNo: '', version: other.body.data.version });
        expect(cleared.body).toMatchObject({ error: 'CL_ERR_VALIDATION' });
        const en = await client(t, await t.login(), { lang: 'en' }).post(ORDERS, { state: '2' });
        expect(en.body.msg).toMatch(/^Please enter/);
      });
    });

    describe('json and list fields', () => {
      it('answers values, not text, from every read', async () => {
        const conditions = { temperature: 20, humidity: [40, 60], note: '常温', ok: true };
        const row = await create({ conditions, standards: ['GB 1499'], readings: [1.5, '2'] });
        expect(row).toMatchObject({ conditions, standards: ['GB 1499'], readings: [1.5, 2] });
        expect((await admin.get(`${ORDERS}/${row.id}`)).body.data).toMatchObject({ conditions, standards: ['GB 1499'], readings: [1.5, 2] });
        const listed = (await admin.get(ORDERS, { pageSize: 100 })).body.data.list.find((r: { id: string }) => r.id === row.id);
        expect(listed).toMatchObject({ conditions, standards: ['GB 1499'], readings: [1.5, 2] });
        const text = await create({ conditions: '{"a":[1,2]}', standards: '["x"]' });
        expect(text).toMatchObject({ conditions: { a: [1, 2] }, standards: ['x'] });
        const scalar = await create({ conditions: 42 });
        expect(scalar.conditions).toBe(42);
      });

      it('validates list items and JSON text on write', async () => {
        const items = await admin.post(ORDERS, { readings: [1, 'abc'] });
        expect(items.body).toMatchObject({ error: 'CL_ERR_VALIDATION', data: { errors: [{ field: 'readings' }] } });
        const notList = await admin.post(ORDERS, { standards: { a: 1 } });
        expect(notList.body).toMatchObject({ error: 'CL_ERR_VALIDATION', data: { errors: [{ field: 'standards' }] } });
        const nested = await admin.post(ORDERS, { standards: [['a']] });
        expect(nested.body).toMatchObject({ error: 'CL_ERR_VALIDATION' });
        const broken = await admin.post(ORDERS, { conditions: '{broken' });
        expect(broken.body).toMatchObject({ error: 'CL_ERR_VALIDATION', data: { errors: [{ field: 'conditions' }] } });
      });

      it('keeps json in the database’s JSON column type (jsonb on PostgreSQL) and refuses sorting on it', async () => {
        const table = (await t.app.ctx.db.db.introspection.getTables()).find((x) => x.name === 'v2_fixture_order')!;
        const type = table.columns.find((c) => c.name === 'conditions')!.dataType;
        expect(type.toLowerCase()).toBe(kind === 'postgres' ? 'jsonb' : 'text');
        expect((await admin.get(ORDERS, { sidx: 'conditions' })).body).toMatchObject({ error: 'CL_ERR_SORT_UNKNOWN' });
      });
    });

    describe('import and export', () => {
      it('imports rows with computed defaults, compute values and JSON cells, and exports JSON as its text', async () => {
        const token = await t.login();
        const file = await workbookOf([
          ['数量', '单价', '金额', '检测条件', '检测标准', '状态', '报告编号'],
          [2, 1.25, 999, '{"t":20}', '["GB 1","GB 2"]', '2', 'IMP-1'],
        ]);
        const res = await t.request({ method: 'POST', url: `${ORDERS}/Actions/Import`, token, ...multipart('file', 'orders.xlsx', file) });
        expect(res.json(), res.body).toMatchObject({ code: 200, data: { successCount: 1 } });
        const found = (await admin.get(ORDERS, { pageSize: 100 })).body.data.list.find((r: { reportNo: string }) => r.reportNo === 'IMP-1');
        expect(found).toMatchObject({
          amount: 2.5,
          tagCount: 2,
          conditions: { t: 20 },
          standards: ['GB 1', 'GB 2'],
          clerk: 'admin',
          orderDate: dayjs().format('YYYY-MM-DD'),
        });
        expect(await sequenceOf(found.orderNo)).toBeGreaterThan(0);

        const refused = await workbookOf([['状态'], ['2']]);
        const rejected = await t.request({ method: 'POST', url: `${ORDERS}/Actions/Import`, token, ...multipart('file', 'orders.xlsx', refused) });
        expect(rejected.json()).toMatchObject({ code: 201, data: { errorCount: 1, successCount: 0 } });

        const exported = await t.request({ method: 'GET', url: `${ORDERS}/Actions/Export`, token });
        expect(exported.statusCode, exported.body.slice(0, 300)).toBe(200);
        const rows = (await readWorkbook(exported.rawPayload)).sheets.get('委托单')!;
        const header = rows[0]!;
        const line = rows.find((r) => r.includes('IMP-1'))!;
        expect(line[header.indexOf('检测条件')]).toBe('{"t":20}');
        expect(line[header.indexOf('检测标准')]).toBe('["GB 1","GB 2"]');
      });
    });

    describe('releases', () => {
      it('upgrades a version 1 file released at run time (hooks.beforeWrite becomes beforeSave)', async () => {
        const legacy = {
          version: 1,
          id: 'v2fixture.legacy',
          title: '旧格式模型',
          entity: { table: 'v2_fixture_legacy', fields: { name: { type: 'string', label: '名称', required: true, maxLength: 50 } } },
          api: { dialect: 'api', base: '/api/v2fixture/Legacy' },
          hooks: { beforeWrite: 'v2fixture.upperName' },
          permissions: { prefix: 'v2fixture:legacy:' },
        };
        const released = await admin.post('/system/model/release', legacy);
        expect(released.body, JSON.stringify(released.body)).toMatchObject({ success: true, result: { id: 'v2fixture.legacy' } });
        const row = await admin.post('/api/v2fixture/Legacy', { name: 'abc' });
        expect(row.body.data).toMatchObject({ name: 'ABC' });
      });

      it('translates a released model’s texts through the module locales, as a file model’s', async () => {
        const model = {
          version: 2,
          id: 'v2fixture.texts',
          title: '单据规则',
          entity: { table: 'v2_fixture_texts', fields: { status: { type: 'integer', label: '状态' }, note: { type: 'text', label: '说明' } } },
          api: { dialect: 'api', base: '/api/v2fixture/Texts' },
          permissions: { prefix: 'v2fixture:texts:' },
        };
        expect((await admin.post('/system/model/release', model)).body).toMatchObject({ success: true });
        const served = async (lang: string) => (await client(t, await t.login(), { lang }).get('/system/model/v2fixture.texts')).body.result.texts;
        expect(await served('en')).toMatchObject({ 单据规则: 'Bill number rules', 状态: 'Status', 说明: 'Description' });
        expect(await served('zh-TW')).toMatchObject({ 单据规则: '單據規則', 说明: '說明' });
      });

      it('a request in flight during a release finishes on the version it started with', async () => {
        const gaugeModel = (fields: Record<string, object>) => ({
          version: 2,
          id: 'v2fixture.gauge',
          title: '量具',
          entity: { table: 'v2_fixture_gauge', fields: { name: { type: 'string', label: '名称', maxLength: 50 }, ...fields } },
          api: { dialect: 'api', base: '/api/v2fixture/Gauge' },
          operations: { fields: { route: 'GET {base}/Actions/Fields', permission: 'list', hook: 'v2fixture.fieldsSeen' } },
          permissions: { prefix: 'v2fixture:gauge:' },
        });
        expect((await admin.post('/system/model/release', gaugeModel({}))).body).toMatchObject({ success: true });
        let open: () => void = () => {};
        gate = new Promise((resolve) => (open = resolve));
        const started = new Promise<void>((resolve) => (entered = resolve));
        const inFlight = admin.get('/api/v2fixture/Gauge/Actions/Fields');
        await started;
        const releasing = admin.post('/system/model/release', gaugeModel({ serialNo: { type: 'string', label: '编号', maxLength: 30 } }));
        // PostgreSQL: the release swaps the model in while the request waits. SQLite has one writer, so the
        // release waits for the request's transaction: the request still ends on the version it started with.
        const releasedFirst = await Promise.race([releasing.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 1_000))]);
        expect(releasedFirst).toBe(kind === 'postgres');
        open();
        expect((await inFlight).body.data).toEqual(['name']);
        expect((await releasing).body).toMatchObject({ success: true, result: { changed: true } });
        expect((await admin.get('/api/v2fixture/Gauge/Actions/Fields')).body.data).toEqual(['name', 'serialNo']);
        expect((await admin.post('/api/v2fixture/Gauge', { name: '卡尺', serialNo: 'K-1' })).body.data).toMatchObject({ serialNo: 'K-1' });
      });
    });
  });
});
