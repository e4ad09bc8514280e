import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, fixturePath, type TestApp } from '../helpers/testApp.js';
import { newId } from '../../server/db/ids.js';
import { nowText } from '../../server/db/timestamps.js';
import { ensureTenant, grant, insertDict, insertRole, insertUser, tenantAdminRole } from '../helpers/testRows.js';
import { insertSamples, insertShared } from './dictFixtureRows.js';

const matrix = await databaseMatrix();
const SAMPLE = 'authdict_sample,fullName,sampleCode';

describe.each(matrix)('$kind: dictionaries', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let token: string;
    const get = async (url: string, extra: { tenant?: number; lang?: string } = {}) => {
      const res = await t.request({ method: 'GET', url, token, tenant: extra.tenant, headers: extra.lang ? { 'accept-language': extra.lang } : {} });
      return { status: res.statusCode, body: res.json() };
    };

    beforeAll(async () => {
      t = await createTestApp(kind, { extraSchemaDirs: [fixturePath('authModules')] });
      const db = t.app.ctx.db.db;
      await insertDict(db, 'fx_color', [
        { value: 'r', text: '夹具红色', color: 'red' },
        { value: 'g', text: '夹具绿色' },
        { value: 'x', text: '夹具停用', status: 0 },
      ]);
      await insertSamples(db, [
        { tenantId: 1, fullName: '铜样品B', sampleCode: 'S02', level: 2 },
        { tenantId: 1, fullName: '铁样品A', sampleCode: 'S01', level: 1, secretNote: '内部秘密' },
        { tenantId: 1, fullName: '100%_纯铝', sampleCode: 'S03', level: 3 },
        { tenantId: 2, fullName: '他租户样品', sampleCode: 'S09', level: 9 },
        { tenantId: 1, fullName: '无编码样品', sampleCode: null, level: 4 },
      ]);
      await insertShared(db, 55);
      const admin = await db.selectFrom('sysUser').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
      await ensureTenant(db, 2);
      await db.insertInto('sysUserTenant').values({ id: newId(), userId: admin.id, tenantId: 2, createTime: nowText() }).execute();
      await tenantAdminRole(db, 2, admin.id);
      token = await t.login();
    });
    afterAll(async () => {
      await t?.close();
    });

    describe('plain dictionaries', () => {
      it('answers every enabled item of every dictionary, translated', async () => {
        const zh = await get('/sys/dict/queryAllDictItems');
        expect(zh.body.success).toBe(true);
        expect(zh.body.result.fx_color).toEqual([
          { value: 'r', text: '夹具红色', title: '夹具红色', label: '夹具红色', color: 'red' },
          { value: 'g', text: '夹具绿色', title: '夹具绿色', label: '夹具绿色' },
        ]);
        const en = await get('/sys/dict/queryAllDictItems', { lang: 'en' });
        expect(en.body.result.fx_color.map((o: { text: string; label: string }) => [o.text, o.label])).toEqual([
          ['Fixture red', 'Fixture red'],
          ['Fixture green', 'Fixture green'],
        ]);
      });

      it('serves a new dictionary only after refleshCache', async () => {
        await get('/sys/dict/queryAllDictItems');
        await insertDict(t.app.ctx.db.db, 'fx_fresh', [{ value: '1', text: '新项' }]);
        expect((await get('/sys/dict/queryAllDictItems')).body.result).not.toHaveProperty('fx_fresh');
        expect((await get('/sys/dict/refleshCache')).body).toMatchObject({ success: true });
        expect((await get('/sys/dict/queryAllDictItems')).body.result.fx_fresh).toEqual([{ value: '1', text: '新项', title: '新项', label: '新项' }]);
      });

      it('loads one dictionary by code (loadSelect, loadDict) with a keyword and a page size', async () => {
        expect((await get('/sys/dict/loadSelect?code=fx_color')).body.result).toEqual([
          { value: 'r', text: '夹具红色' },
          { value: 'g', text: '夹具绿色' },
        ]);
        expect((await get('/sys/dict/loadDict/fx_color?keyword=绿')).body.result).toEqual([{ value: 'g', text: '夹具绿色' }]);
        expect((await get('/sys/dict/loadDict/fx_color?keyword=green', { lang: 'en' })).body.result).toEqual([{ value: 'g', text: 'Fixture green' }]);
        expect((await get('/sys/dict/loadDict/fx_color?pageSize=1')).body.result).toHaveLength(1);
        expect((await get('/sys/dict/loadDict/no_such_dict')).body).toMatchObject({ success: true, result: [] });
      });

      it('refuses a page size above 500', async () => {
        const res = await get('/sys/dict/loadDict/fx_color?pageSize=501');
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ success: false, code: 400 });
      });

      it('answers texts in the order of the keys, empty for unknown values', async () => {
        expect((await get('/sys/dict/loadDictItem/fx_color?key=g,zz,r')).body.result).toEqual(['夹具绿色', '', '夹具红色']);
        expect((await get('/sys/dict/loadDictItem/fx_color?key=r', { lang: 'en' })).body.result).toEqual(['Fixture red']);
        expect((await get('/sys/dict/loadDictItem/fx_color')).body.result).toEqual([]);
      });

      it('refuses more than 1000 keys', async () => {
        const keys = Array.from({ length: 1001 }, (_, i) => `k${i}`).join(',');
        const res = await get(`/sys/dict/loadDictItem/fx_color?key=${keys}`);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ success: false, error: 'CL_ERR_BAD_REQUEST' });
      });
    });

    describe('table dictionaries', () => {
      it('reads value/text from a model table in the caller’s tenant, in the model’s order, without empty values', async () => {
        expect((await get(`/sys/dict/loadDict/${SAMPLE}`)).body.result).toEqual([
          { value: 'S01', text: '铁样品A' },
          { value: 'S02', text: '铜样品B' },
          { value: 'S03', text: '100%_纯铝' },
        ]);
        expect((await get(`/sys/dict/loadSelect?code=${SAMPLE}`)).body.result).toHaveLength(3);
        expect((await get(`/sys/dict/loadDict/${SAMPLE}`, { tenant: 2 })).body.result).toEqual([{ value: 'S09', text: '他租户样品' }]);
      });

      it('filters by a keyword bound as a literal LIKE pattern', async () => {
        expect((await get(`/sys/dict/loadDict/${SAMPLE}?keyword=${encodeURIComponent('铁')}`)).body.result).toEqual([{ value: 'S01', text: '铁样品A' }]);
        for (const literal of ['%', '_', '100%_']) {
          expect((await get(`/sys/dict/loadDict/${SAMPLE}?keyword=${encodeURIComponent(literal)}`)).body.result).toEqual([{ value: 'S03', text: '100%_纯铝' }]);
        }
        expect((await get(`/sys/dict/loadDict/${SAMPLE}?keyword=${encodeURIComponent("' or 1=1 --")}`)).body.result).toEqual([]);
      });

      it('answers 50 rows by default and up to pageSize', async () => {
        expect((await get('/sys/dict/loadDict/authdict_shared,label,rank')).body.result).toHaveLength(50);
        const all = (await get('/sys/dict/loadDict/authdict_shared,label,rank?pageSize=500')).body.result;
        expect(all).toHaveLength(55);
        expect(all[0]).toEqual({ value: '1', text: '共享001' });
      });

      it('accepts system fields and looks texts up by key, within the tenant', async () => {
        const ids = (await get('/sys/dict/loadDict/authdict_sample,sampleCode,id')).body.result;
        expect(ids.map((o: { text: string }) => o.text).sort()).toEqual(['', 'S01', 'S02', 'S03']);
        expect(ids.every((o: { value: string }) => /^[0-9a-f-]{36}$/.test(o.value))).toBe(true);
        expect((await get(`/sys/dict/loadDictItem/${SAMPLE}?key=S02,S404,S09,S01`)).body.result).toEqual(['铜样品B', '', '', '铁样品A']);
        expect((await get('/sys/dict/loadDictItem/authdict_sample,fullName,level?key=2,abc,1')).body.result).toEqual(['铜样品B', '', '铁样品A']);
      });

      it('reads a system model through the fields it marks for lookups', async () => {
        const users = (await get('/sys/dict/loadDict/sys_user,realname,username?pageSize=500')).body.result;
        expect(users.map((o: { value: string }) => o.value)).toContain('admin');
        expect((await get('/sys/dict/loadDictItem/sys_user,realname,username?key=admin')).body.result[0]).not.toBe('');
      });

      it('needs the model’s list permission and applies the tenant, refusing like an unknown table otherwise', async () => {
        const db = t.app.ctx.db.db;
        const roleId = await insertRole(db, `dictreader${process.pid}`);
        await grant(db, roleId, ['btn:authdict:sample:list']);
        await insertUser(db, { username: `dictreader${process.pid}`, password: 'Passw0rd1', roleIds: [roleId] });
        const reader = await t.login(`dictreader${process.pid}`, 'Passw0rd1');
        const as = async (url: string) => {
          const res = await t.request({ method: 'GET', url, token: reader });
          return { status: res.statusCode, body: res.json() };
        };
        expect((await as(`/sys/dict/loadDict/${SAMPLE}`)).body.result).toHaveLength(3);
        expect((await as(`/sys/dict/loadDictItem/${SAMPLE}?key=S01`)).body.result).toEqual(['铁样品A']);
        const sameAs = (body: { success: boolean; code: number; error: string }) => ({ success: body.success, code: body.code, error: body.error });
        const unknown = sameAs((await as('/sys/dict/loadDict/nope_table,a,b')).body);
        for (const code of ['sys_user,realname,username', 'authdict_shared,label,rank', 'sys_role,roleName,id']) {
          for (const url of [`/sys/dict/loadDict/${code}`, `/sys/dict/loadDictItem/${code}?key=admin`, `/sys/dict/loadSelect?code=${code}`]) {
            const refused = await as(url);
            expect(refused.status, url).toBe(400);
            expect(sameAs(refused.body), url).toEqual(unknown);
            expect(refused.body.error).toBe('CL_ERR_DICT_TABLE_UNKNOWN');
          }
        }
        // clearing the dictionary cache needs the dictionary edit permission
        expect((await as('/sys/dict/refleshCache')).body).toMatchObject({ success: false, code: 510 });
      });

      it.each([
        ['a field not marked for lookups', 'sys_user,orgCode,username'],
        ['a system stamp', 'authdict_sample,createBy,id'],
        ['a core table and a secret column', 'sys_user,username,password'],
        ['a secret field', 'authdict_sample,secretNote,id'],
        ['an unknown field', 'authdict_sample,fullName,nope'],
        ['a column name instead of the field name', 'authdict_sample,full_name,sample_code'],
        ['a fourth part', 'authdict_sample,fullName,sampleCode,1=1'],
        ['SQL text', 'authdict_sample,fullName,sampleCode where 1=1'],
        ['a sub-select', 'authdict_sample,(select password from sys_user),id'],
        ['tenantId of a shared table', 'authdict_shared,label,tenantId'],
        ['an unknown table', 'nope_table,a,b'],
        ['a prototype key', 'authdict_sample,constructor,__proto__'],
      ])('refuses %s with 400 and a security-log row', async (_why, code) => {
        const before = await refusals();
        for (const url of [
          `/sys/dict/loadDict/${encodeURIComponent(code)}`,
          `/sys/dict/loadDictItem/${encodeURIComponent(code)}?key=1`,
          `/sys/dict/loadSelect?code=${encodeURIComponent(code)}`,
        ]) {
          const res = await get(url);
          expect(res.status, url).toBe(400);
          expect(res.body).toMatchObject({ success: false, code: 400, error: 'CL_ERR_DICT_TABLE_UNKNOWN' });
          expect(JSON.stringify(res.body)).not.toMatch(/scrypt|内部秘密/);
        }
        expect(await refusals()).toBe(before + 3);
      });
    });

    async function refusals(): Promise<number> {
      const rows = await t.app.ctx.db.db.selectFrom('sysSecurityLog').select('id').where('event', '=', 'identifier.refused').execute();
      return rows.length;
    }
  });
});
