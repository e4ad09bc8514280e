import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { grant, insertRole, insertUser } from '../helpers/testRows.js';
import { addFieldRule, client, userWith, type Client } from './engineSupport.js';

const matrix = await databaseMatrix();

interface Node {
  key: string;
  title: string;
  code: string;
  parentId: string;
  isLeaf: boolean;
  children?: Node[];
}

describe.each(matrix)('$kind: categories, tree data and the duplicate check', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;
    const ids: Record<string, string> = {};
    beforeAll(async () => {
      t = await createTestApp(kind);
      admin = client(t, await t.login());
      const add = async (code: string, name: string, pid = '0', sortNo = 0) => {
        const res = await admin.post('/sys/category/add', { pid, name, code, sortNo });
        expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true });
        ids[code] = res.body.result.id;
      };
      await add('B01', '检测类别', '0', 1);
      await add('B01A01', '建材', ids.B01!, 1);
      await add('B01A02', '水质', ids.B01!, 2);
      await add('B01A01A01', '水泥', ids.B01A01!);
      await add('B02', '设备类别', '0', 2);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('loads the tree by root code, level by level and at once', async () => {
      const roots = (await admin.get('/sys/category/loadTreeRoot', { async: 'true', pcode: '0' })).body.result as Node[];
      expect(roots.map((n) => [n.code, n.isLeaf])).toEqual([
        ['B01', false],
        ['B02', true],
      ]);
      expect(roots[0]).toMatchObject({ key: ids.B01, value: ids.B01, title: '检测类别', parentId: '0', leaf: false });
      const underB01 = (await admin.get('/sys/category/loadTreeRoot', { async: 'true', pcode: 'B01' })).body.result as Node[];
      expect(underB01.map((n) => n.title)).toEqual(['建材', '水质']);
      const children = (await admin.get('/sys/category/loadTreeChildren', { pid: ids.B01A01! })).body.result as Node[];
      expect(children.map((n) => [n.title, n.isLeaf])).toEqual([['水泥', true]]);
      const whole = (await admin.get('/sys/category/loadTreeRoot', { async: 'false', pcode: 'B01' })).body.result as Node[];
      expect(whole[0]!.children!.map((n) => n.title)).toEqual(['水泥']);
      expect((await admin.get('/sys/category/loadTreeData', { pcode: 'B01' })).body.result).toEqual(whole);
      expect((await admin.get('/sys/category/loadTreeRoot', { pcode: 'NOPE' })).body.result).toEqual([]);
    });

    it('loads one category and the names of ids', async () => {
      expect((await admin.get('/sys/category/loadOne', { field: 'code', val: 'B01A02' })).body.result).toMatchObject({ id: ids.B01A02, name: '水质' });
      expect((await admin.get('/sys/category/loadOne', { field: 'code', val: 'NOPE' })).body).toMatchObject({
        success: false,
        error: 'CL_ERR_RECORD_NOT_FOUND',
      });
      expect((await admin.get('/sys/category/loadOne', { field: 'create_by', val: 'admin' })).status).toBe(400);
      const names = await admin.get('/sys/category/loadDictItem', { ids: `${ids.B02},missing,${ids.B01A01}` });
      expect(names.body.result).toEqual(['设备类别', '建材']);
      const kept = await admin.get('/sys/category/loadDictItem', { ids: `${ids.B02},missing`, delNotExist: 'false' });
      expect(kept.body.result).toEqual(['设备类别', '']);
    });

    it('keeps the tree whole: no unknown parent, no cycle, no removal of a parent', async () => {
      const bad = await admin.post('/sys/category/add', { pid: 'nope', name: 'x', code: 'BX' });
      expect(bad.body).toMatchObject({ success: false, error: 'CL_ERR_TREE_PARENT_INVALID' });
      const cycle = await admin.put('/sys/category/edit', { id: ids.B01, pid: ids.B01A01A01, version: 1 });
      expect(cycle.body).toMatchObject({ success: false, error: 'CL_ERR_TREE_PARENT_INVALID' });
      const parent = await admin.del('/sys/category/delete', { id: ids.B01A01! });
      expect(parent.body).toMatchObject({ success: false, error: 'CL_ERR_TREE_HAS_CHILDREN' });
      const leaf = await admin.post('/sys/category/add', { pid: ids.B02, name: '临时', code: 'B02A01' });
      expect((await admin.del('/sys/category/delete', { id: leaf.body.result.id })).body.success).toBe(true);
      expect((await admin.get('/sys/category/loadTreeChildren', { pid: ids.B02! })).body.result).toEqual([]);
    });

    it('keeps categories per tenant and refuses unknown parameters', async () => {
      const other = await userWith(t, ['system:category:list', 'system:category:add'], { tenantId: 2 });
      expect((await other.get('/sys/category/loadTreeRoot', { async: 'true', pcode: '0' })).body.result).toEqual([]);
      expect((await other.get('/sys/category/loadTreeRoot', { pcode: 'B01' })).body.result).toEqual([]);
      expect((await other.get('/sys/category/loadDictItem', { ids: ids.B01! })).body.result).toEqual([]);
      // a parent in another tenant does not exist
      expect((await other.post('/sys/category/add', { pid: ids.B01, name: 'x', code: 'T2' })).body.error).toBe('CL_ERR_TREE_PARENT_INVALID');
      expect((await admin.get('/sys/category/loadTreeChildren', { pid: '0', sql: '1' })).status).toBe(400);
      expect((await t.request({ method: 'GET', url: '/sys/category/loadTreeChildren' })).statusCode).toBe(401);
    });

    it('serves /sys/dict/loadTreeData over a model table, naming only lookup fields', async () => {
      const query = { tableName: 'sys_category', text: 'name', code: 'id', pidField: 'pid' };
      const top = await admin.get('/sys/dict/loadTreeData', { ...query, pid: '' });
      expect(top.body.result.map((n: Node) => [n.title, n.isLeaf])).toEqual([
        ['检测类别', false],
        ['设备类别', true],
      ]);
      const level = await admin.get('/sys/dict/loadTreeData', { ...query, pid: ids.B01!, condition: JSON.stringify({ code: 'B01A02' }) });
      expect(level.body.result).toEqual([{ key: ids.B01A02, value: ids.B01A02, code: ids.B01A02, title: '水质', parentId: ids.B01, isLeaf: true, leaf: true }]);
      for (const refused of [
        { ...query, pidField: 'create_by' },
        { ...query, text: 'password' },
        { ...query, tableName: 'sys_user' },
        { ...query, hasChildField: 'tenant_id' },
      ]) {
        const res = await admin.get('/sys/dict/loadTreeData', refused);
        expect(res.status, JSON.stringify(refused)).toBe(400);
        expect(res.body.error).toBe('CL_ERR_DICT_TABLE_UNKNOWN');
      }
      expect((await admin.get('/sys/dict/loadTreeData', { ...query, condition: '{"createBy":"admin"}' })).body.error).toBe('CL_ERR_FIELD_UNKNOWN');
      expect((await admin.get('/sys/dict/loadTreeData', { ...query, condition: 'not json' })).status).toBe(400);
      const nobody = await userWith(t, []);
      expect((await nobody.get('/sys/dict/loadTreeData', query)).body.error).toBe('CL_ERR_DICT_TABLE_UNKNOWN');
    });

    it('checks duplicates only on unique lookup fields, like the save decides', async () => {
      const check = (c: Client, q: Record<string, string>) => c.get('/sys/duplicate/check', { tableName: 'sys_category', fieldName: 'code', ...q });
      expect((await check(admin, { fieldVal: 'B01' })).body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
      expect((await check(admin, { fieldVal: 'B99' })).body).toMatchObject({ success: true, message: '该值可用！' });
      // the record being edited keeps its own value
      expect((await check(admin, { fieldVal: 'B01', dataId: ids.B01! })).body.success).toBe(true);
      const en = client(t, await t.login(), { lang: 'en' });
      expect((await check(en, { fieldVal: 'B01' })).body.message).toBe('This value is not available: it already exists!');
      // name is not unique, createBy is a system field, sys_user is not listable by this caller
      for (const q of [{ fieldName: 'name' }, { fieldName: 'createBy' }, { tableName: 'nope' }] as Record<string, string>[]) {
        expect((await check(admin, { fieldVal: 'x', ...q })).body.error).toBe('CL_ERR_DUPLICATE_CHECK_REFUSED');
      }
      const nobody = await userWith(t, []);
      expect((await check(nobody, { fieldVal: 'B01' })).body.error).toBe('CL_ERR_DUPLICATE_CHECK_REFUSED');
      const otherTenant = await userWith(t, ['system:category:add'], { tenantId: 2 });
      expect((await check(otherTenant, { fieldVal: 'B01' })).body.success).toBe(true);
      // the check answers what a save would: only to callers who may save (add or edit), not to a lister
      const lister = await userWith(t, ['system:category:list']);
      expect((await check(lister, { fieldVal: 'B01' })).body.error).toBe('CL_ERR_DUPLICATE_CHECK_REFUSED');
      const editor = await userWith(t, ['system:category:edit']);
      expect((await check(editor, { fieldVal: 'B01' })).body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    });

    it('checks a value against the record being edited only where that record lies in the caller’s data scope', async () => {
      const check = (c: Client, q: Record<string, string>) => c.get('/sys/duplicate/check', { tableName: 'sys_category', fieldName: 'code', ...q });
      // an editor confined by a data rule to the category B02
      const db = t.app.ctx.db.db;
      const roleId = await insertRole(db, `dup-scope-${process.pid}`);
      await grant(db, roleId, ['btn:system:category:list', 'btn:system:category:edit']);
      await insertUser(db, { username: `dupscope${process.pid}`, password: 'Passw0rd1', roleIds: [roleId] });
      const ruleId = await addFieldRule(admin, { name: `dup-scope-${process.pid}`, modelId: 'system.category', field: 'code', value: 'B02' });
      expect((await admin.post('/sys/roleDataRule/add', { roleId, ruleId })).body.success).toBe(true);
      const scoped = client(t, await t.login(`dupscope${process.pid}`, 'Passw0rd1'));
      // a record outside the scope is not named: else 'free' would tell that B01A01 holds the value guessed
      for (const fieldVal of ['B01A01', 'B01A02']) {
        const probe = await check(scoped, { fieldVal, dataId: ids.B01A01! });
        expect(probe.body, JSON.stringify(probe.body)).toMatchObject({ success: false, error: 'CL_ERR_RECORD_NOT_FOUND' });
      }
      expect((await check(scoped, { fieldVal: 'B01', dataId: 'no-such-id' })).body.error).toBe('CL_ERR_RECORD_NOT_FOUND');
      // the record they edit keeps its own value, and another value is answered as a save would
      expect((await check(scoped, { fieldVal: 'B02', dataId: ids.B02! })).body.success).toBe(true);
      expect((await check(scoped, { fieldVal: 'B01', dataId: ids.B02! })).body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    });
  });
});
