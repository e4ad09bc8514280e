import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { scopeFixtureHooks } from '../helpers/scopeFixtureHooks.js';
import { createTestApp, fixturePath, type TestApp } from '../helpers/testApp.js';
import { grant, insertDepart, insertRole, insertUser } from '../helpers/testRows.js';
import { client, userWith, type Client } from './engineSupport.js';

const matrix = await databaseMatrix();
const BASE = '/api/visualdev/Base';
const ONLINE = '/api/visualdev/OnlineDev';
const CASES = '/api/scopefixture/Case';

/** A designed model whose fields reference the scope fixture's cases through the relation form (one and several). */
const caseLink = {
  version: 4,
  id: 'online.caseLink',
  title: '案件关联',
  entity: {
    table: 'online_case_link',
    fields: {
      note: { type: 'string', label: '备注', maxLength: 50 },
      caseId: { type: 'string', label: '关联案件', maxLength: 36, ref: 'scopefixture.case', refLabel: 'title' },
      caseIds: { type: 'string', label: '关联案件组', maxLength: 500, ref: 'scopefixture.case', refLabel: 'title', multiple: true },
    },
  },
  api: { dialect: 'api', base: '/api/online/caseLink' },
  list: { columns: ['note', 'caseId', 'caseIds'], actions: ['add', 'edit', 'delete'] },
  form: {
    fields: [
      'note',
      { field: 'caseId', 'x-component': 'RelationForm', 'x-component-props': { columns: ['title', 'category'] } },
      { field: 'caseIds', 'x-component': 'RelationForm' },
    ],
  },
  permissions: { prefix: 'online:caseLink:' },
};

/** A tree as the designer's model panel makes one: a parent field, a label field and the root value. */
const labArea = {
  version: 4,
  id: 'online.labArea',
  title: '实验区域',
  screen: { kind: 'tree' },
  tree: { parentField: 'parentId', labelField: 'name', rootValue: '0', lazy: true },
  entity: {
    table: 'online_lab_area',
    fields: {
      parentId: { type: 'string', label: '上级区域', maxLength: 36, default: '0', ref: 'online.labArea', refLabel: 'name' },
      name: { type: 'string', label: '区域名称', required: true, maxLength: 50, keyword: true },
    },
  },
  api: { dialect: 'api', base: '/api/online/labArea' },
  list: { search: ['keyword'], columns: ['name', 'parentId'], actions: ['add', 'edit', 'delete'] },
  form: { fields: [{ field: 'parentId', 'x-component': 'RelationForm' }, 'name'] },
  permissions: { prefix: 'online:labArea:' },
};

const LINK_CODES = ['list', 'add', 'edit', 'delete'].map((a) => `btn:online:caseLink:${a}`);
const UNAVAILABLE = '所选关联案件不可用，请重新选择';

describe.each(matrix)('$kind: relation form and designed trees', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;
    let seq = 0;
    const depart = { A: '', B: '' };
    const caseOf: Record<string, string> = {};

    async function release(model: object & { id: string; title: string }): Promise<void> {
      const created = await admin.post(BASE, { fullName: model.title, enCode: model.id, modelJson: JSON.stringify(model) });
      expect(created.body, JSON.stringify(created.body)).toMatchObject({ code: 200 });
      const released = await admin.post(`${BASE}/${created.body.data.id}/Actions/Release`, {});
      expect(released.body, JSON.stringify(released.body)).toMatchObject({ code: 200 });
    }

    /** A user of department A whose one role may use the relation model and sees only department A's cases. */
    async function departmentUser(): Promise<Client> {
      const db = t.app.ctx.db.db;
      const rule = await admin.post('/sys/dataRule/add', { name: `rel rule ${++seq}`, modelId: 'scopefixture.case', kind: 'department' });
      expect(rule.body).toMatchObject({ success: true });
      const username = `rel${process.pid}x${seq}`;
      const roleId = await insertRole(db, `${username}-r`);
      await grant(db, roleId, LINK_CODES);
      expect((await admin.post('/sys/roleDataRule/add', { roleId, ruleId: rule.body.result.id })).body).toMatchObject({ success: true });
      await insertUser(db, { username, password: 'Passw0rd1', roleIds: [roleId], departIds: [depart.A] });
      return client(t, await t.login(username, 'Passw0rd1'));
    }

    beforeAll(async () => {
      t = await createTestApp(kind, { extraSchemaDirs: [fixturePath('scopeModules')], hooks: scopeFixtureHooks() });
      admin = client(t, await t.login());
      const db = t.app.ctx.db.db;
      depart.A = await insertDepart(db, `RA${process.pid}`, '检测一部');
      depart.B = await insertDepart(db, `RB${process.pid}`, '检测二部');
      for (const [title, departId] of [
        ['A-1', depart.A],
        ['A-2', depart.A],
        ['B-1', depart.B],
      ] as const) {
        const res = await admin.post(CASES, { title, departId, category: 'x' });
        expect(res.body.code).toBe(200);
        caseOf[title] = res.body.data.id;
      }
      await release(caseLink);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('stores the chosen record id and lists its display field; an unknown id is refused on its field', async () => {
      const created = await admin.post('/api/online/caseLink', { note: 'one', caseId: caseOf['B-1'], caseIds: `${caseOf['A-1']},${caseOf['A-2']}` });
      expect(created.body, JSON.stringify(created.body)).toMatchObject({ code: 200, data: { caseId: caseOf['B-1'] } });
      const listed = await admin.post(`${ONLINE}/online.caseLink/List`, { currentPage: 1, pageSize: 100 });
      const row = (listed.body.data.list as { id: string }[]).find((r) => r.id === created.body.data.id);
      expect(row).toMatchObject({ note: 'one', caseId_dictText: 'B-1', caseIds_dictText: 'A-1,A-2' });

      const unknown = await admin.post('/api/online/caseLink', { note: 'bad', caseId: '0192f1d2-0000-7000-8000-000000000000' });
      expect(unknown.body).toMatchObject({ error: 'CL_ERR_VALIDATION', data: { errors: [{ field: 'caseId', message: UNAVAILABLE }] } });
      const oneBad = await admin.post('/api/online/caseLink', { note: 'bad', caseIds: `${caseOf['A-1']},no-such-case` });
      expect(oneBad.body).toMatchObject({ error: 'CL_ERR_VALIDATION', data: { errors: [{ field: 'caseIds', message: '所选关联案件组不可用，请重新选择' }] } });
      const rows = (await admin.post(`${ONLINE}/online.caseLink/List`, { currentPage: 1, pageSize: 100 })).body.data.list;
      expect(rows.filter((r: { note: string }) => r.note === 'bad')).toEqual([]);
    });

    it("refuses a record outside the writer's data scope exactly as a missing one, and keeps an unchanged reference editable", async () => {
      const user = await departmentUser();
      const missing = await user.post('/api/online/caseLink', { note: 'x', caseId: '0192f1d2-0000-7000-8000-000000000001' });
      const hidden = await user.post('/api/online/caseLink', { note: 'x', caseId: caseOf['B-1'] });
      // the same answer whether the case exists in another department or not at all
      expect(hidden.status).toBe(missing.status);
      const { requestId: _hiddenRequest, ...hiddenAnswer } = hidden.body;
      const { requestId: _missingRequest, ...missingAnswer } = missing.body;
      expect(hiddenAnswer).toEqual(missingAnswer);
      expect(hidden.body).toMatchObject({ error: 'CL_ERR_VALIDATION', data: { errors: [{ field: 'caseId', message: UNAVAILABLE }] } });
      expect((await user.post('/api/online/caseLink', { note: 'x', caseIds: `${caseOf['A-1']},${caseOf['B-1']}` })).body.error).toBe('CL_ERR_VALIDATION');

      const mine = await user.post('/api/online/caseLink', { note: 'mine', caseId: caseOf['A-1'], caseIds: caseOf['A-2'] });
      expect(mine.body, JSON.stringify(mine.body)).toMatchObject({ code: 200, data: { caseId: caseOf['A-1'] } });

      // a row the admin linked to department B's case: the user may edit its note (sending the reference back
      // unchanged), but not move another reference onto a case they cannot see
      const adminRow = (await admin.post('/api/online/caseLink', { note: 'by admin', caseId: caseOf['B-1'] })).body.data;
      const edited = await user.put(`/api/online/caseLink/${adminRow.id}`, { note: 'edited', caseId: caseOf['B-1'], version: adminRow.version });
      expect(edited.body, JSON.stringify(edited.body)).toMatchObject({ code: 200, data: { note: 'edited', caseId: caseOf['B-1'] } });
      const moved = await user.put(`/api/online/caseLink/${mine.body.data.id}`, { caseId: caseOf['B-1'], version: mine.body.data.version });
      expect(moved.body).toMatchObject({ error: 'CL_ERR_VALIDATION', data: { errors: [{ field: 'caseId', message: UNAVAILABLE }] } });
      expect((await admin.get(`/api/online/caseLink/${mine.body.data.id}`)).body.data).toMatchObject({
        caseId: caseOf['A-1'],
        version: mine.body.data.version,
      });
    });

    it('releases a tree designed in the designer and serves it level by level, its parent picked by the relation form', async () => {
      await release(labArea);
      const config = await admin.get(`${ONLINE}/online.labArea/Config`);
      expect(config.body, JSON.stringify(config.body)).toMatchObject({ code: 200 });
      const tester = await userWith(t, ['online:labArea:list', 'online:labArea:add', 'online:labArea:edit', 'online:labArea:delete']);
      const root = (await tester.post('/api/online/labArea', { name: '一号楼' })).body;
      expect(root, JSON.stringify(root)).toMatchObject({ code: 200, data: { parentId: '0' } });
      const other = (await tester.post('/api/online/labArea', { name: '二号楼', parentId: '0' })).body.data;
      const lab = (await tester.post('/api/online/labArea', { name: '力学室', parentId: root.data.id })).body;
      expect(lab, JSON.stringify(lab)).toMatchObject({ code: 200, data: { parentId: root.data.id } });
      await tester.post('/api/online/labArea', { name: '化学室', parentId: root.data.id });

      const names = async (parentId: string) =>
        ((await tester.get('/api/online/labArea', { parentId, pageSize: 50 })).body.data.list as { name: string }[]).map((r) => r.name).sort();
      expect(await names('0')).toEqual(['一号楼', '二号楼'].sort());
      expect(await names(root.data.id)).toEqual(['力学室', '化学室'].sort());
      expect(await names(other.id)).toEqual([]);
      const children = (await tester.get('/api/online/labArea', { parentId: root.data.id })).body.data.list as { parentId_dictText: string }[];
      expect(children.every((r) => r.parentId_dictText === '一号楼')).toBe(true);

      // a node moves under another, and never under a node that does not exist
      const moved = await tester.put(`/api/online/labArea/${lab.data.id}`, { parentId: other.id, version: lab.data.version });
      expect(moved.body, JSON.stringify(moved.body)).toMatchObject({ code: 200, data: { parentId: other.id } });
      expect(await names(other.id)).toEqual(['力学室']);
      const orphan = await tester.post('/api/online/labArea', { name: '孤儿', parentId: 'no-such-node' });
      expect(orphan.body).toMatchObject({ error: 'CL_ERR_VALIDATION', data: { errors: [{ field: 'parentId', message: '所选上级区域不可用，请重新选择' }] } });
    });
  });
});
