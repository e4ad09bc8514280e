import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toTraditional } from '../../server/i18n/toTraditional.js';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { client, type Client } from './engineSupport.js';

const matrix = await databaseMatrix();
const BASE = '/api/permission/Position';

describe.each(matrix)('$kind: positions through the REST dialect', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;
    beforeAll(async () => {
      t = await createTestApp(kind);
      admin = client(t, await t.login());
    });
    afterAll(async () => {
      await t?.close();
    });

    const create = async (fields: Record<string, unknown>) => {
      const res = await admin.post(BASE, fields);
      expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
      return res.body.data;
    };

    it('creates, reads, updates, toggles and deletes one position', async () => {
      const created = await admin.post(BASE, { fullName: '检测员', enCode: 'P.tester', sortCode: 5, description: '说明' });
      expect(created.status).toBe(200);
      expect(created.body).toMatchObject({ code: 200, msg: '添加成功' });
      const record = created.body.data;
      expect(record).toMatchObject({
        fullName: '检测员',
        enCode: 'P.tester',
        sortCode: 5,
        enabledMark: 1,
        enabledMark_dictText: '启用',
        version: 1,
        tenantId: 1,
        createBy: 'admin',
        organizeId: null,
      });
      expect(record.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(record.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

      const read = await admin.get(`${BASE}/${record.id}`);
      expect(read.body).toMatchObject({ code: 200, data: { id: record.id, fullName: '检测员', enabledMark_dictText: '启用' } });

      const edited = await admin.put(`${BASE}/${record.id}`, { fullName: '高级检测员', version: 1 });
      expect(edited.body).toMatchObject({ code: 200, msg: '编辑成功', data: { fullName: '高级检测员', enCode: 'P.tester', version: 2, updateBy: 'admin' } });

      const off = await admin.put(`${BASE}/${record.id}/Actions/State`);
      expect(off.body).toMatchObject({ code: 200, msg: '操作成功！', data: { enabledMark: 0, enabledMark_dictText: '禁用', version: 3 } });
      const on = await admin.put(`${BASE}/${record.id}/Actions/State`);
      expect(on.body.data).toMatchObject({ enabledMark: 1, version: 4 });

      const removed = await admin.del(`${BASE}/${record.id}`);
      expect(removed.body).toMatchObject({ code: 200, msg: '删除成功' });
      const gone = await admin.get(`${BASE}/${record.id}`);
      expect(gone.body).toMatchObject({ code: 400, msg: '未找到对应数据', error: 'CL_ERR_RECORD_NOT_FOUND' });
    });

    it('refuses a stale version with a clear conflict and changes nothing', async () => {
      const record = await create({ fullName: '审核员', enCode: 'P.auditor' });
      expect((await admin.put(`${BASE}/${record.id}`, { fullName: '第一次', version: 1 })).body.code).toBe(200);
      const stale = await admin.put(`${BASE}/${record.id}`, { fullName: '第二次', version: 1 });
      expect(stale.status).toBe(200);
      expect(stale.body).toMatchObject({ code: 400, msg: '数据已被他人修改，请刷新后重试', error: 'CL_ERR_RECORD_STALE' });
      expect((await admin.get(`${BASE}/${record.id}`)).body.data).toMatchObject({ fullName: '第一次', version: 2 });
      const missing = await admin.put(`${BASE}/00000000-0000-0000-0000-000000000000`, { fullName: 'x', version: 1 });
      expect(missing.body).toMatchObject({ code: 400, error: 'CL_ERR_RECORD_NOT_FOUND' });
      const noVersion = await admin.put(`${BASE}/${record.id}`, { fullName: '无版本' });
      expect(noVersion.body).toMatchObject({ code: 401, msg: '请输入版本', data: { errors: [{ field: 'version', message: '请输入版本' }] } });
    });

    it('lists with keyword, sort, paging and the total', async () => {
      for (let i = 1; i <= 5; i++) await create({ fullName: `质检岗${i}`, enCode: `QC${i}`, sortCode: 100 + i });
      const page = await admin.get(BASE, { keyword: '质检', sidx: 'sortCode', sort: 'desc', currentPage: 2, pageSize: 2, _t: 1 });
      expect(page.body.code).toBe(200);
      expect(page.body.data.pagination).toEqual({ currentPage: 2, pageSize: 2, total: 5 });
      expect(page.body.data.list.map((r: { enCode: string }) => r.enCode)).toEqual(['QC3', 'QC2']);
      expect(page.body.data.list[0].enabledMark_dictText).toBe('启用');
      const last = await admin.get(BASE, { keyword: 'qc', sidx: 'sortCode', sort: 'desc', currentPage: 3, pageSize: 2 });
      expect(last.body.data.list.map((r: { enCode: string }) => r.enCode)).toEqual(['QC1']);
      expect(last.body.data.pagination.total).toBe(5);
      const defaults = await admin.get(BASE, { keyword: '质检' });
      expect(defaults.body.data.pagination).toEqual({ currentPage: 1, pageSize: 20, total: 5 });
      // default order: entity.defaultSort (sortCode asc)
      expect(defaults.body.data.list.map((r: { enCode: string }) => r.enCode)).toEqual(['QC1', 'QC2', 'QC3', 'QC4', 'QC5']);
    });

    it('batch-deletes in one request', async () => {
      const a = await create({ fullName: '临时A', enCode: 'TMP.A' });
      const b = await create({ fullName: '临时B', enCode: 'TMP.B' });
      const res = await admin.post(`${BASE}/Actions/BatchDelete`, { ids: [a.id, b.id] });
      expect(res.body).toMatchObject({ code: 200, msg: '批量删除成功！' });
      expect((await admin.get(BASE, { keyword: '临时' })).body.data.pagination.total).toBe(0);
    });

    it('serves /sys/position/select: enabled positions as {code, name}, in the default order', async () => {
      await create({ fullName: '选择岗五', enCode: 'SEL.5', sortCode: 5 });
      await create({ fullName: '选择岗一', enCode: 'SEL.1', sortCode: 1 });
      const hidden = await create({ fullName: '停用岗', enCode: 'SEL.off', sortCode: 0 });
      await admin.put(`${BASE}/${hidden.id}/Actions/State`);
      const res = await admin.get('/sys/position/select', { _t: 1 });
      expect(res.body).toMatchObject({ success: true, code: 200 });
      const list = res.body.result as { code: string; name: string }[];
      expect(list.every((r) => Object.keys(r).sort().join() === 'code,name')).toBe(true);
      expect(list.map((r) => r.code)).not.toContain('SEL.off');
      expect(list.map((r) => r.code)).toEqual(expect.arrayContaining(['SEL.1', 'SEL.5']));
      expect(list.findIndex((r) => r.code === 'SEL.1')).toBeLessThan(list.findIndex((r) => r.code === 'SEL.5'));
    });

    describe('validation with the spec messages', () => {
      it('names the missing required field (岗位名称)', async () => {
        const res = await admin.post(BASE, { enCode: 'V1' });
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({
          code: 401,
          msg: '请输入岗位名称',
          error: 'CL_ERR_VALIDATION',
          data: { errors: [{ field: 'fullName', message: '请输入岗位名称' }] },
        });
      });

      it('uses the pattern message for a bad code and joins several messages', async () => {
        const res = await admin.post(BASE, { fullName: '', enCode: 'a.' });
        expect(res.body.data.errors).toEqual([
          { field: 'fullName', message: '请输入岗位名称' },
          { field: 'enCode', message: '只能输入字母、数字和点，且不能以点开头或结尾!' },
        ]);
        expect(res.body.msg).toBe('请输入岗位名称；只能输入字母、数字和点，且不能以点开头或结尾!');
      });

      it('counts characters, not bytes, for maxLength', async () => {
        expect((await admin.post(BASE, { fullName: '岗'.repeat(50), enCode: 'LEN50' })).body.code).toBe(200);
        const res = await admin.post(BASE, { fullName: '岗'.repeat(51), enCode: 'LEN51' });
        expect(res.body.data.errors).toEqual([{ field: 'fullName', message: '请不要超过50个字' }]);
      });

      it('checks numbers, ranges and enums', async () => {
        const res = await admin.post(BASE, { fullName: '数', enCode: 'NUM1', sortCode: 'abc', enabledMark: 2 });
        expect(res.body.data.errors).toEqual([
          { field: 'enabledMark', message: '状态的值不在可选范围内' },
          { field: 'sortCode', message: '排序必须是整数' },
        ]);
        const low = await admin.post(BASE, { fullName: '数', enCode: 'NUM2', sortCode: -1 });
        expect(low.body.data.errors).toEqual([{ field: 'sortCode', message: '排序不能小于0' }]);
        // numeric strings from form widgets are accepted
        expect((await admin.post(BASE, { fullName: '数', enCode: 'NUM3', sortCode: '7', enabledMark: '0' })).body.data).toMatchObject({
          sortCode: 7,
          enabledMark: 0,
        });
      });

      it('refuses a duplicate code within the tenant', async () => {
        await create({ fullName: '唯一', enCode: 'UNIQ.1' });
        const res = await admin.post(BASE, { fullName: '重复', enCode: 'UNIQ.1' });
        expect(res.body).toMatchObject({
          code: 401,
          msg: '岗位编码已存在',
          error: 'CL_ERR_RECORD_DUPLICATE',
          data: { errors: [{ field: 'enCode', message: '岗位编码已存在' }] },
        });
        const other = await create({ fullName: '另一个', enCode: 'UNIQ.2' });
        const clash = await admin.put(`${BASE}/${other.id}`, { enCode: 'UNIQ.1', version: 1 });
        expect(clash.body.error).toBe('CL_ERR_RECORD_DUPLICATE');
        // keeping its own code is not a duplicate
        expect((await admin.put(`${BASE}/${other.id}`, { enCode: 'UNIQ.2', version: 1 })).body.code).toBe(200);
      });

      it('answers in the request language', async () => {
        const en = client(t, await t.login(), { lang: 'en' });
        expect((await en.post(BASE, { enCode: 'L1' })).body.msg).toBe('Please enter Position name');
        expect((await en.post(BASE, { fullName: 'x', enCode: 'L.' })).body.msg).toBe('Letters, digits and dots only, not starting or ending with a dot!');
        const created = await en.post(BASE, { fullName: 'Lang', enCode: 'L2' });
        expect(created.body).toMatchObject({ msg: 'Added successfully', data: { enabledMark_dictText: 'Enabled' } });
        const tw = client(t, await t.login(), { lang: 'zh-TW' });
        expect((await tw.post(BASE, { enCode: 'L3' })).body.msg).toBe(`請輸入${toTraditional('岗位名称')}`);
      });

      it('refuses unknown and read-only body fields by name', async () => {
        const unknown = await admin.post(BASE, { fullName: '甲', enCode: 'B1', salary: 1 });
        expect(unknown.status).toBe(400);
        expect(unknown.body).toMatchObject({ code: 400, msg: '未知字段：salary', error: 'CL_ERR_FIELD_UNKNOWN' });
        for (const field of ['tenantId', 'createBy', 'createTime', 'version', 'id', 'enabledMark_dictText']) {
          const res = await admin.post(BASE, { fullName: '甲', enCode: 'B2', [field]: field === 'tenantId' || field === 'version' ? 2 : 'x' });
          expect(res.status, field).toBe(400);
          expect(['CL_ERR_FIELD_READONLY', 'CL_ERR_FIELD_UNKNOWN'], field).toContain(res.body.error);
        }
        const record = await create({ fullName: '乙', enCode: 'B3' });
        const res = await admin.put(`${BASE}/${record.id}`, { tenantId: 2, version: 1 });
        expect(res.body).toMatchObject({ code: 400, msg: '字段不可写：tenantId', error: 'CL_ERR_FIELD_READONLY' });
        expect((await admin.get(`${BASE}/${record.id}`)).body.data).toMatchObject({ tenantId: 1, version: 1 });
      });
    });
  });
});
