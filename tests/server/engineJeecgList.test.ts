import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { client, FIXTURE_ROOT, SAMPLES, type Client } from './engineSupport.js';

const matrix = await databaseMatrix();
const LIST = '/admin/labSample/list';

describe.each(matrix)('$kind: jeecg list conventions (labfixture)', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;
    const ids = new Map<string, string>();

    beforeAll(async () => {
      t = await createTestApp(kind, { extraSchemaDirs: [FIXTURE_ROOT] });
      admin = client(t, await t.login());
      for (const sample of SAMPLES) {
        const res = await admin.post('/admin/labSample/add', sample);
        expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true, message: '添加成功' });
        ids.set(sample.sampleNo, res.body.result.id);
      }
    });
    afterAll(async () => {
      await t?.close();
    });

    const numbers = async (query: Record<string, string | number>) => {
      const res = await admin.get(LIST, { pageSize: 50, ...query });
      expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true, code: 200 });
      expect(res.body.result.total).toBe(res.body.result.records.length);
      return res.body.result.records.map((r: { sampleNo: string }) => r.sampleNo);
    };

    it('answers the jeecg page shape with _dictText and without secret fields', async () => {
      const res = await admin.get(LIST, { pageNo: 1, pageSize: 3, _t: 123 });
      expect(res.body.result).toMatchObject({ total: 7, size: 3, current: 1, pages: 3 });
      const first = res.body.result.records[0];
      expect(first).toMatchObject({
        sampleNo: 'S001',
        category: 'steel',
        category_dictText: '钢材',
        state: 1,
        state_dictText: '在检',
        tenantId: 1,
        version: 1,
      });
      expect(first).not.toHaveProperty('accessKey');
      expect(Object.keys(first)).toEqual(expect.arrayContaining(['id', 'createBy', 'createTime', 'updateBy', 'updateTime', 'checkedBy']));
      const en = client(t, await t.login(), { lang: 'en' });
      expect((await en.get(LIST, { sampleNo: 'S005' })).body.result.records[0]).toMatchObject({ category_dictText: 'Soil' });
      const none = (await admin.get(LIST, { sampleNo: 'T102' })).body.result.records[0];
      expect(none).toMatchObject({ category: null, category_dictText: '' });
    });

    it('applies every value convention', async () => {
      expect(await numbers({ sampleName: '钢筋A' })).toEqual(['S001']);
      expect(await numbers({ sampleName: '*水*' })).toEqual(['S003', 'S004']);
      expect(await numbers({ sampleNo: 'T1*' })).toEqual(['T101', 'T102']);
      expect(await numbers({ sampleNo: '*02' })).toEqual(['S002', 'T102']);
      expect(await numbers({ category: '!steel' })).toEqual(['S003', 'S004', 'S005', 'T101']);
      expect(await numbers({ quantity: '>=8' })).toEqual(['S005', 'T101', 'T102']);
      expect(await numbers({ quantity: '>= 8' })).toEqual(['S005', 'T101', 'T102']);
      expect(await numbers({ quantity: '<=2' })).toEqual(['S001', 'S002']);
      expect(await numbers({ quantity: '>13' })).toEqual(['T102']);
      expect(await numbers({ quantity: '< 2' })).toEqual(['S001']);
      expect(await numbers({ category: 'soil,water' })).toEqual(['S003', 'S004', 'S005', 'T101']);
      expect(await numbers({ quantity: '1,21' })).toEqual(['S001', 'T102']);
      expect(await numbers({ weight: '>3' })).toEqual(['S003', 'S004', 'S005']);
    });

    it('applies _begin/_end ranges inclusively; a bare end date on a datetime covers that day', async () => {
      expect(await numbers({ receivedDate_begin: '2024-01-02', receivedDate_end: '2024-01-04' })).toEqual(['S002', 'S003', 'S004']);
      expect(await numbers({ testedAt_begin: '2024-01-02', testedAt_end: '2024-01-03' })).toEqual(['S002', 'S003']);
      expect(await numbers({ testedAt_end: '2024-01-02 10:00:00' })).toEqual(['S001', 'S002']);
      expect(await numbers({ quantity_begin: 3, quantity_end: 8 })).toEqual(['S003', 'S004', 'S005']);
    });

    it('ignores empty filters and matches LIKE wildcards literally', async () => {
      expect(await numbers({ sampleName: '', category: '  ', keyword: '', quantity_begin: '' })).toHaveLength(7);
      expect(await numbers({ sampleName: '**' })).toHaveLength(7);
      expect(await numbers({ sampleName: '*%*' })).toEqual(['T102']);
      expect(await numbers({ sampleName: '*_*' })).toEqual(['T101']);
      expect(await numbers({ keyword: '50%' })).toEqual(['T102']);
    });

    it('searches the keyword fields (OR-ed) case-insensitively', async () => {
      expect(await numbers({ keyword: '钢筋' })).toEqual(['S001', 'S002']);
      expect(await numbers({ keyword: 't10' })).toEqual(['T101', 'T102']);
      expect(await numbers({ keyword: '水', category: 'water', quantity: '>3' })).toEqual(['S004']);
    });

    it('sorts by column/order, by a dictionary text column, with id as the tie-breaker', async () => {
      expect(await numbers({ column: 'quantity', order: 'desc' })).toEqual(['T102', 'T101', 'S005', 'S004', 'S003', 'S002', 'S001']);
      expect((await numbers({ column: 'category_dictText', order: 'asc', category: 'steel,water' })).slice(0, 2)).toEqual(['S001', 'S002']);
      const byState = await numbers({ column: 'state', order: 'asc' });
      expect(byState[0]).toBe('T101');
      const sameState = byState.slice(1).map((no: string) => ids.get(no)!);
      expect(sameState).toEqual([...sameState].sort());
    });

    it('projects the jeecg field list (id always)', async () => {
      const res = await admin.get(LIST, { field: 'id,,sampleNo,category', sampleNo: 'S005' });
      expect(res.body.result.records[0]).toEqual({ id: ids.get('S005'), sampleNo: 'S005', category: 'soil', category_dictText: '土样' });
    });

    it('reads the field list a jeecg list sends: its 操作 column (action) and text columns (_dictText) are no unknown fields', async () => {
      // spec 001 §7: the list's columns' dataIndex, the 序号 column's empty one and the 操作 column's action among them
      const res = await admin.get(LIST, { field: 'id,,,sampleNo,category_dictText,action', sampleNo: 'S005' });
      expect(res.body.result.records[0]).toEqual({ id: ids.get('S005'), sampleNo: 'S005', category: 'soil', category_dictText: '土样' });
      expect((await admin.get(LIST, { field: 'id,noSuchField' })).body).toMatchObject({ error: 'CL_ERR_FIELD_UNKNOWN' });
      // a model with a field named action (数据日志) projects it
      const logs = await admin.get('/sys/dataLog/list', { field: 'id,,action', pageSize: 1 });
      expect(logs.body, JSON.stringify(logs.body)).toMatchObject({ success: true });
      for (const row of logs.body.result.records as object[]) expect(Object.keys(row)).toContain('action');
    });

    describe('superQueryParams', () => {
      const superQuery = (conditions: object[], matchType?: string) =>
        numbers({ superQueryParams: encodeURIComponent(JSON.stringify(conditions)), ...(matchType ? { superQueryMatchType: matchType } : {}) });

      it('supports every rule', async () => {
        expect(await superQuery([{ field: 'category', rule: 'eq', val: 'water', type: 'string', dictCode: 'lab_sample_category' }])).toEqual(['S003', 'S004']);
        expect(await superQuery([{ field: 'sampleName', rule: 'like', val: '土' }])).toEqual(['S005', 'T101']);
        expect(await superQuery([{ field: 'sampleNo', rule: 'right_like', val: 'S00' }])).toHaveLength(5);
        expect(await superQuery([{ field: 'sampleNo', rule: 'left_like', val: '01' }])).toEqual(['S001', 'T101']);
        expect(await superQuery([{ field: 'category', rule: 'in', val: 'soil,steel' }])).toEqual(['S001', 'S002', 'S005', 'T101']);
        expect(await superQuery([{ field: 'quantity', rule: 'in', val: [2, '3'] }])).toEqual(['S002', 'S003']);
        expect(await superQuery([{ field: 'category', rule: 'ne', val: 'steel' }])).toEqual(['S003', 'S004', 'S005', 'T101']);
        expect(await superQuery([{ field: 'quantity', rule: 'gt', val: 8 }])).toEqual(['T101', 'T102']);
        expect(await superQuery([{ field: 'quantity', rule: 'ge', val: '8' }])).toEqual(['S005', 'T101', 'T102']);
        expect(await superQuery([{ field: 'quantity', rule: 'lt', val: 2 }])).toEqual(['S001']);
        expect(await superQuery([{ field: 'receivedDate', rule: 'le', val: '2024-01-02' }])).toEqual(['S001', 'S002']);
      });

      it('joins with and (default) or or, inside the other filters', async () => {
        const conditions = [
          { field: 'category', rule: 'eq', val: 'steel' },
          { field: 'quantity', rule: 'ge', val: 8 },
        ];
        expect(await superQuery(conditions)).toEqual([]);
        expect(await superQuery(conditions, 'and')).toEqual([]);
        expect(await superQuery(conditions, 'or')).toEqual(['S001', 'S002', 'S005', 'T101', 'T102']);
        const res = await numbers({ superQueryParams: JSON.stringify(conditions), superQueryMatchType: 'or', sampleNo: 'S*' });
        expect(res).toEqual(['S001', 'S002', 'S005']);
      });

      it('drops conditions with empty values', async () => {
        expect(
          await superQuery([
            { field: 'sampleName', rule: 'like', val: '' },
            { field: 'category', rule: 'eq', val: null },
          ]),
        ).toHaveLength(7);
      });
    });

    it('reads, edits, toggles and deletes through the jeecg routes (delete moved to GET)', async () => {
      // a record of its own (a copy of T102): the other cases read the fixture rows as they were added
      const copy = await admin.post('/admin/labSample/add', { ...SAMPLES.find((s) => s.sampleNo === 'T102')!, sampleNo: 'E102' });
      const id = copy.body.result.id as string;
      const one = await admin.get('/admin/labSample/queryById', { id, _t: 1 });
      expect(one.body).toMatchObject({ success: true, result: { id, sampleNo: 'E102', state_dictText: '在检' } });
      const edited = await admin.put('/admin/labSample/edit', { id, version: 1, sampleName: '含量50%样品', weight: '' });
      expect(edited.body).toMatchObject({ success: true, message: '编辑成功', result: { sampleName: '含量50%样品', weight: null, version: 2 } });
      const toggled = await admin.put('/admin/labSample/editState', { id });
      expect(toggled.body).toMatchObject({ success: true, message: '操作成功！', result: { state: 0, state_dictText: '停检', version: 3 } });

      const temp = await admin.post('/admin/labSample/add', { sampleNo: 'DEL1', sampleName: '待删' });
      expect((await admin.del('/admin/labSample/delete', { id: temp.body.result.id })).status).toBe(404);
      const removed = await admin.get('/admin/labSample/delete', { id: temp.body.result.id });
      expect(removed.body).toMatchObject({ success: true, message: '删除成功' });

      const a = await admin.post('/admin/labSample/add', { sampleNo: 'DEL2', sampleName: '待删' });
      const b = await admin.post('/admin/labSample/add', { sampleNo: 'DEL3', sampleName: '待删' });
      const batch = await admin.del('/admin/labSample/deleteBatch', { ids: `${a.body.result.id},${b.body.result.id}` });
      expect(batch.body).toMatchObject({ success: true, message: '批量删除成功！' });
      expect(await numbers({ sampleName: '待删' })).toEqual([]);
      expect((await admin.get('/admin/labSample/delete', { id })).body).toMatchObject({ success: true });
    });

    it('uses the model messages, requiredSelect for picked fields, and the date rules', async () => {
      const res = await admin.post('/admin/labSample/add', { sampleNo: 'S001', receivedDate: '2024-02-30', testedAt: '2024-01-01', quantity: 1001 });
      expect(res.body).toMatchObject({ success: false, code: 500, error: 'CL_ERR_VALIDATION' });
      expect(res.body.result.errors).toEqual([
        { field: 'sampleName', message: '样品名称必须填写' },
        { field: 'receivedDate', message: '收样日期格式应为YYYY-MM-DD' },
        { field: 'testedAt', message: '检测时间格式应为YYYY-MM-DD HH:mm:ss' },
        { field: 'quantity', message: '数量不能大于1000' },
      ]);
      const dup = await admin.post('/admin/labSample/add', { sampleNo: 'S001', sampleName: '重复' });
      expect(dup.body).toMatchObject({ success: false, code: 500, message: '样品编号已被占用', error: 'CL_ERR_RECORD_DUPLICATE' });
      const en = client(t, await t.login(), { lang: 'en' });
      expect((await en.post('/admin/labSample/add', { sampleNo: 'S001', sampleName: 'x' })).body.message).toBe('This sample number is taken');
      const edit = await admin.put('/admin/labSample/edit', { id: ids.get('S001'), version: 1, state: null });
      expect(edit.body).toMatchObject({ success: false, message: '请选择状态', result: { errors: [{ field: 'state', message: '请选择状态' }] } });
      const readonly = await admin.post('/admin/labSample/add', { sampleNo: 'RO1', sampleName: 'x', checkedBy: 'me' });
      expect(readonly.body).toMatchObject({ code: 400, error: 'CL_ERR_FIELD_READONLY' });
      const secret = await admin.post('/admin/labSample/add', { sampleNo: 'RO2', sampleName: 'x', accessKey: 'k' });
      expect(secret.body).toMatchObject({ code: 400, error: 'CL_ERR_FIELD_READONLY' });
    });

    it('serves the lookup (state 1 only) in the jeecg envelope', async () => {
      const res = await admin.get('/admin/labSample/options');
      expect(res.body.success).toBe(true);
      expect(res.body.result).toContainEqual({ value: 'S001', text: '钢筋A' });
      expect(res.body.result.map((r: { value: string }) => r.value)).not.toContain('T101');
    });

    it('serves a model that is not tenant-scoped through the REST dialect', async () => {
      const created = await admin.post('/api/labfixture/Instrument', { name: '万能试验机', serialNo: 'SN-1', calibratedOn: '2024-03-01' });
      expect(created.body).toMatchObject({ code: 200, data: { name: '万能试验机', serialNo: 'SN-1' } });
      expect(created.body.data).not.toHaveProperty('tenantId');
      const list = await admin.get('/api/labfixture/Instrument', { keyword: '试验' });
      expect(list.body.data).toMatchObject({ pagination: { currentPage: 1, pageSize: 10, total: 1 } });
      expect((await admin.post('/api/labfixture/Instrument', { name: '另一台', serialNo: 'SN-1' })).body.error).toBe('CL_ERR_RECORD_DUPLICATE');
    });
  });
});
