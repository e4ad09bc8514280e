import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toTraditional } from '../../server/i18n/toTraditional.js';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { client, tokenWith, userWith, type Client } from './engineSupport.js';

const matrix = await databaseMatrix();
const TYPE = '/api/system/DictionaryType';
const DATA = '/api/system/DictionaryData';

type Node = Record<string, unknown> & { id: string; children?: Node[] };

describe.each(matrix)('$kind: dictionary types and data (/api/system/Dictionary*)', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;
    let group: Node;
    let tree: Node;
    const items: Record<string, Node> = {};
    beforeAll(async () => {
      t = await createTestApp(kind);
      admin = client(t, await t.login());
      const create = async (url: string, body: Record<string, unknown>) => {
        const res = await admin.post(url, body);
        expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
        return res.body.data as Node;
      };
      group = await create(TYPE, { dictName: '检测字典', dictCode: 'labGroup', sortCode: 1 });
      tree = await create(TYPE, { dictName: '检测项目', dictCode: 'labItems', parentId: group.id, isTree: 1 });
      items.mech = await create(DATA, { dictId: tree.id, itemText: '力学', itemValue: 'mech', sortOrder: 1 });
      items.tensile = await create(DATA, { dictId: tree.id, parentId: items.mech.id, itemText: '拉伸', itemValue: 'tensile' });
      items.chem = await create(DATA, { dictId: tree.id, itemText: '化学', itemValue: 'chem', sortOrder: 2, status: 0 });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('keeps the types as a tree and offers every other type as a parent', async () => {
      const selector = (await admin.get(`${TYPE}/Selector/0`)).body.data.list as Node[];
      const labGroup = selector.find((n) => n.id === group.id)!;
      expect(labGroup).toMatchObject({ fullName: '检测字典', enCode: 'labGroup' });
      expect(labGroup.children!.map((n) => n.dictCode)).toEqual(['labItems']);
      const withoutGroup = (await admin.get(`${TYPE}/Selector/${group.id}`)).body.data.list as Node[];
      expect(JSON.stringify(withoutGroup)).not.toContain('labItems');
      expect((await admin.get(TYPE, { parentId: group.id })).body.data.list.map((n: Node) => n.dictCode)).toEqual(['labItems']);
      const cycle = await admin.put(`${TYPE}/${group.id}`, { parentId: tree.id, version: 1 });
      expect(cycle.body).toMatchObject({ code: 400, error: 'CL_ERR_TREE_PARENT_INVALID' });
    });

    it('answers a type’s data as a tree, its selectors, Info, All and the export', async () => {
      const list = (await admin.get(`${DATA}/${tree.id}`)).body.data.list as Node[];
      expect(list.map((n) => [n.itemValue, (n.children ?? []).map((c) => c.itemValue)])).toEqual([
        ['mech', ['tensile']],
        ['chem', []],
      ]);
      expect(list[0]).toMatchObject({ fullName: '力学', enCode: 'mech' });
      expect((await admin.get(`${DATA}/${tree.id}`, { keyword: '拉' })).body.data.list.map((n: Node) => n.itemValue)).toEqual(['tensile']);
      const parents = (await admin.get(`${DATA}/${tree.id}/Selector/${items.mech!.id}`)).body.data.list as Node[];
      expect(parents.map((n) => n.itemValue)).toEqual(['chem']);
      // spec 001 §7: the selector takes isTree; 1 nests the tree's items, 0 lists them flat
      const nested = (await admin.get(`${DATA}/${tree.id}/Selector/0`, { isTree: '1' })).body.data.list as Node[];
      expect(nested.map((n) => [n.itemValue, (n.children ?? []).map((c) => c.itemValue)])).toEqual([
        ['mech', ['tensile']],
        ['chem', []],
      ]);
      const flat = (await admin.get(`${DATA}/${tree.id}/Selector/0`, { isTree: '0' })).body.data.list as Node[];
      expect(flat.map((n) => n.itemValue).sort()).toEqual(['chem', 'mech', 'tensile']);
      expect(flat.every((n) => !n.children)).toBe(true);
      // the options a form offers: enabled items only
      const options = (await admin.get(`${DATA}/${tree.id}/Data/Selector`)).body.data.list as Node[];
      expect(options.map((n) => [n.itemValue, (n.children ?? []).map((c) => c.itemValue)])).toEqual([['mech', ['tensile']]]);
      expect((await admin.get(`${DATA}/${items.tensile!.id}/Info`)).body.data).toMatchObject({ itemText: '拉伸', parentId: items.mech!.id });
      const all = (await admin.get(`${DATA}/All`)).body.data.list as Node[];
      // enabled items in sort order (拉伸 0, 力学 1; 化学 is disabled), as the cache keeps them
      expect(all.find((n) => n.dictCode === 'labItems')!.dictionaryList).toEqual([
        { enCode: 'tensile', fullName: '拉伸', itemValue: 'tensile', itemText: '拉伸' },
        { enCode: 'mech', fullName: '力学', itemValue: 'mech', itemText: '力学' },
      ]);
      expect(all.find((n) => n.dictCode === 'enabled_state')!.dictionaryList).toHaveLength(2);
      const exported = await t.request({ method: 'GET', url: `${DATA}/${tree.id}/Action/Export`, token: await t.login() });
      expect(exported.headers['content-disposition']).toContain('labItems.json');
      const file = JSON.parse(exported.body) as { type: Node; list: Node[] };
      expect(file.type).toMatchObject({ dictCode: 'labItems', isTree: 1 });
      expect(file.list.map((n) => n.itemValue).sort()).toEqual(['chem', 'mech', 'tensile']);
    });

    it('shows an edited item text in every list at once, in each language', async () => {
      const position = (await admin.post('/api/permission/Position', { fullName: '字典岗', enCode: 'DICT.P' })).body.data as Node;
      const enabled = (await admin.get(DATA, { dictId: String((await admin.get(TYPE, { dictCode: 'enabled_state' })).body.data.list[0].id) })).body.data
        .list as Node[];
      const on = enabled.find((n) => n.itemValue === '1')!;
      const edited = await admin.put(`${DATA}/${on.id}`, { itemText: '在用', itemTextEn: 'In use', version: on.version });
      expect(edited.body.code).toBe(200);
      const read = async (lang?: string) => {
        const c = lang ? client(t, await t.login(), { lang }) : admin;
        return (await c.get(`/api/permission/Position/${position.id}`)).body.data.enabledMark_dictText;
      };
      expect(await read()).toBe('在用');
      expect(await read('en')).toBe('In use');
      expect(await read('zh-TW')).toBe(toTraditional('在用'));
      const all = (await client(t, await t.login(), { lang: 'en' }).get('/sys/dict/queryAllDictItems')).body.result.enabled_state as {
        value: string;
        text: string;
      }[];
      expect(all.find((o) => o.value === '1')!.text).toBe('In use');
    });

    it('names the dictionaries’ version on every signed-in answer, and a dictionary write changes it for every caller', async () => {
      const VERSION = 'x-dict-version';
      const other = await userWith(t, []);
      const before = (await admin.get(`${DATA}/${tree.id}`)).headers[VERSION];
      expect(before).toMatch(/^[\w-]{16}$/);
      // the same dictionaries: the same version, whoever asks and whatever the route (a refusal too)
      expect((await other.get(`${DATA}/All`)).headers[VERSION]).toBe(before);
      expect((await other.get(`${TYPE}/Selector/0`)).headers[VERSION]).toBe(before);
      // no version to callers who have not signed in
      expect((await t.request({ method: 'GET', url: `${DATA}/All` })).headers[VERSION]).toBeUndefined();

      const type = await admin.post(TYPE, { dictName: '版本字典', dictCode: 'versionDict', sortCode: 9 });
      const item = await admin.post(DATA, { dictId: type.body.data.id, itemText: '旧名', itemValue: 'v1' });
      // the answer to the write already names the new version
      const added = item.headers[VERSION];
      expect(added).not.toBe(before);
      const edited = await admin.put(`${DATA}/${item.body.data.id}`, { itemText: '新名', version: item.body.data.version });
      expect(edited.body.code).toBe(200);
      expect(edited.headers[VERSION]).not.toBe(added);
      // another signed-in caller sees it on their next request
      expect((await other.get(`${DATA}/All`)).headers[VERSION]).toBe(edited.headers[VERSION]);
      const off = await admin.put(`${DATA}/${item.body.data.id}/Actions/State`);
      expect(off.body.code).toBe(200);
      expect(off.headers[VERSION]).not.toBe(edited.headers[VERSION]);
    });

    it('refuses callers without the permission, bad parameters and unknown types', async () => {
      const nobody = await userWith(t, []);
      expect((await nobody.get(`${DATA}/${tree.id}`)).status).toBe(403);
      expect((await nobody.get(`${TYPE}/Selector/0`)).status).toBe(403);
      expect((await nobody.get(`${DATA}/${tree.id}/Selector/0`)).status).toBe(403);
      const token = await tokenWith(t, ['system:dictItem:list']);
      expect((await t.request({ method: 'GET', url: `${DATA}/${tree.id}/Action/Export`, token })).json()).toMatchObject({ code: 403 });
      // the options forms use need only a signed-in caller
      expect((await nobody.get(`${DATA}/${tree.id}/Data/Selector`)).body.data.list).toHaveLength(1);
      expect((await nobody.get(`${DATA}/All`)).body.code).toBe(200);
      expect((await admin.get(`${DATA}/${tree.id}`, { sidx: 'x' })).status).toBe(400);
      expect((await admin.get(`${DATA}/${tree.id}/Selector/0`, { isTree: 'yes' })).status).toBe(400);
      expect((await admin.get(`${DATA}/no-such-type`)).body).toMatchObject({ code: 400, error: 'CL_ERR_RECORD_NOT_FOUND' });
      expect((await admin.get(`${DATA}/no-such-type/Data/Selector`)).body.error).toBe('CL_ERR_RECORD_NOT_FOUND');
      const otherTenant = await userWith(t, ['system:dictItem:list'], { tenantId: 2 });
      // dictionaries are shared by every tenant
      expect((await otherTenant.get(`${DATA}/${tree.id}`)).body.data.list).toHaveLength(2);
    });
  });
});
