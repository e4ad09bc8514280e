import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { scopeFixtureHooks } from '../helpers/scopeFixtureHooks.js';
import { createTestApp, fixturePath, type TestApp } from '../helpers/testApp.js';
import { grant, insertDepart, insertRole, insertUser } from '../helpers/testRows.js';
import { client, userWith, type Client } from './engineSupport.js';
import { multipart, readWorkbook, workbookOf } from './xlsxSupport.js';

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
const labArea = (name: string) => ({
  version: 4,
  id: `online.${name}`,
  title: '实验区域',
  screen: { kind: 'tree' },
  tree: { parentField: 'parentId', labelField: 'name', rootValue: '0', lazy: true },
  entity: {
    table: `online_${name.toLowerCase()}`,
    fields: {
      parentId: { type: 'string', label: '上级区域', maxLength: 36, default: '0', ref: `online.${name}`, refLabel: 'name' },
      name: { type: 'string', label: '区域名称', required: true, maxLength: 50, keyword: true },
    },
  },
  api: { dialect: 'api', base: `/api/online/${name}` },
  list: { search: ['keyword'], columns: ['name', 'parentId'], actions: ['add', 'edit', 'delete'] },
  form: { fields: [{ field: 'parentId', 'x-component': 'RelationForm' }, 'name'] },
  permissions: { prefix: `online:${name}:` },
});

/** A designed model whose relation form picks records of another designed model (online.caseLink). */
const linkNote = (name: string) => ({
  version: 4,
  id: `online.${name}`,
  title: '关联备注',
  entity: {
    table: `online_${name.toLowerCase()}`,
    fields: {
      title: { type: 'string', label: '标题', maxLength: 50 },
      linkId: { type: 'string', label: '关联记录', maxLength: 36, ref: 'online.caseLink', refLabel: 'note' },
    },
  },
  api: { dialect: 'api', base: `/api/online/${name}` },
  list: { columns: ['title', 'linkId'], actions: ['add', 'edit', 'delete'] },
  form: { fields: ['title', { field: 'linkId', 'x-component': 'RelationForm' }] },
  permissions: { prefix: `online:${name}:` },
});

/** A designed model with relation form fields that opts in to Excel import and export. */
const caseImport = (name: string) => ({
  version: 4,
  id: `online.${name}`,
  title: '案件导入',
  entity: {
    table: `online_${name.toLowerCase()}`,
    fields: {
      note: { type: 'string', label: '备注', required: true, maxLength: 50, keyword: true },
      caseId: { type: 'string', label: '关联案件', maxLength: 36, ref: 'scopefixture.case', refLabel: 'title' },
      caseIds: { type: 'string', label: '关联案件组', maxLength: 500, ref: 'scopefixture.case', refLabel: 'title', multiple: true },
    },
  },
  api: { dialect: 'api', base: `/api/online/${name}`, operations: { import: true, export: true } },
  list: { search: ['keyword'], columns: ['note', 'caseId', 'caseIds'], actions: ['add', 'edit', 'delete'] },
  form: { fields: ['note', { field: 'caseId', 'x-component': 'RelationForm' }, { field: 'caseIds', 'x-component': 'RelationForm' }] },
  permissions: { prefix: `online:${name}:` },
});

const LINK_CODES = ['list', 'add', 'edit', 'delete'].map((a) => `btn:online:caseLink:${a}`);
/** reading the relation form's target: the code its list, get and popup require */
const CASE_LIST = 'btn:scopefixture:case:list';
const UNAVAILABLE = '所选关联案件不可用，请重新选择';
const GROUP_UNAVAILABLE = '所选关联案件组不可用，请重新选择';
const MISSING = '0192f1d2-0000-7000-8000-00000000000f';

/** The answer without its request id, to compare two refusals whole. */
const answerOf = (body: Record<string, unknown>) => {
  const { requestId: _requestId, ...rest } = body;
  return rest;
};

describe.each(matrix)('$kind: relation form and designed trees', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;
    let seq = 0;
    const depart = { A: '', B: '' };
    const caseOf: Record<string, string> = {};

    // the cases that release a model release one of their own; a retried case (CI) cannot release the same id
    // twice, so every attempt takes fresh names
    let attempt = 0;
    const fresh = (stem: string) => `${stem}${++attempt}`;

    async function release(model: object & { id: string; title: string }): Promise<void> {
      const created = await admin.post(BASE, { fullName: model.title, enCode: model.id, modelJson: JSON.stringify(model) });
      expect(created.body, JSON.stringify(created.body)).toMatchObject({ code: 200 });
      const released = await admin.post(`${BASE}/${created.body.data.id}/Actions/Release`, {});
      expect(released.body, JSON.stringify(released.body)).toMatchObject({ code: 200 });
    }

    /** A user of department A whose one role holds `codes` and sees only department A's cases (a signed-in token). */
    async function departmentToken(codes: string[]): Promise<string> {
      const db = t.app.ctx.db.db;
      const rule = await admin.post('/sys/dataRule/add', { name: `rel rule ${++seq}`, modelId: 'scopefixture.case', kind: 'department' });
      expect(rule.body).toMatchObject({ success: true });
      const username = `rel${process.pid}x${seq}`;
      const roleId = await insertRole(db, `${username}-r`);
      await grant(db, roleId, codes);
      expect((await admin.post('/sys/roleDataRule/add', { roleId, ruleId: rule.body.result.id })).body).toMatchObject({ success: true });
      await insertUser(db, { username, password: 'Passw0rd1', roleIds: [roleId], departIds: [depart.A] });
      return t.login(username, 'Passw0rd1');
    }

    /** A user of department A who may use the relation model and read (list) the cases, seeing only department A's. */
    async function departmentUser(): Promise<Client> {
      return client(t, await departmentToken([...LINK_CODES, CASE_LIST]));
    }

    /** Uploads rows under the header 备注/关联案件/关联案件组 to the import model `name` as the given user. */
    async function importCases(name: string, token: string, rows: unknown[][]) {
      const file = await workbookOf([['备注', '关联案件', '关联案件组'], ...rows]);
      const res = await t.request({ method: 'POST', url: `/api/online/${name}/Actions/Import`, token, ...multipart('file', 'cases.xlsx', file) });
      return res.json();
    }

    /** The error report's lines below its header. */
    async function reportLines(token: string, fileUrl: string): Promise<unknown[][]> {
      const report = await t.request({ method: 'GET', url: fileUrl, token });
      expect(report.statusCode).toBe(200);
      const lines = (await readWorkbook(report.rawPayload)).sheets.get('错误报告')!;
      expect(lines[0]).toEqual(['行号', '列', '填写的值', '错误原因']);
      return lines.slice(1);
    }

    const importedNotes = async (name: string, prefix: string) =>
      ((await admin.post(`${ONLINE}/online.${name}/List`, { currentPage: 1, pageSize: 100, keyword: prefix })).body.data.list as { note: string }[])
        .map((r) => r.note)
        .sort();

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

    it('refuses an id of a model the writer may not read exactly as a missing one, and the popup refuses them too', async () => {
      // a user who may use the relation model but not read the cases: a case they would otherwise see is refused
      const blind = client(t, await departmentToken(LINK_CODES));
      const missing = await blind.post('/api/online/caseLink', { note: 'x', caseId: MISSING });
      const unreadable = await blind.post('/api/online/caseLink', { note: 'x', caseId: caseOf['A-1'] });
      expect(unreadable.status).toBe(missing.status);
      expect(answerOf(unreadable.body)).toEqual(answerOf(missing.body));
      expect(unreadable.body).toMatchObject({ error: 'CL_ERR_VALIDATION', data: { errors: [{ field: 'caseId', message: UNAVAILABLE }] } });
      expect((await blind.get(CASES, { pageSize: 10 })).body).toMatchObject({ error: 'CL_ERR_NO_PERMISSION' });

      // a designed target: its relation form select (FieldDataSelect) and list need its list permission
      const noteModel = fresh('linkNote');
      await release(linkNote(noteModel));
      const target = (await admin.post('/api/online/caseLink', { note: `popup target ${process.pid}` })).body.data;
      const select = { relationField: 'note', currentPage: 1, pageSize: 100 };
      const noteCodes = ['list', 'add', 'edit'].map((action) => `online:${noteModel}:${action}`);
      const outsider = await userWith(t, noteCodes);
      const refusedSelect = await outsider.get(`${ONLINE}/online.caseLink/FieldDataSelect`, select);
      expect(refusedSelect.status).toBe(403);
      expect(refusedSelect.body).toMatchObject({ error: 'CL_ERR_NO_PERMISSION' });
      // the same select at the address spec 001 §7 gives it, /api/visualdev/Base/{modelId}/FieldDataSelect: the same refusal
      const refusedAtBase = await outsider.get('/api/visualdev/Base/online.caseLink/FieldDataSelect', select);
      expect(refusedAtBase.status).toBe(403);
      expect(refusedAtBase.body).toMatchObject({ error: 'CL_ERR_NO_PERMISSION' });
      expect((await admin.get('/api/visualdev/Base/online.noSuchModel/FieldDataSelect', select)).body).toMatchObject({ error: 'CL_ERR_NOT_FOUND' });
      expect((await outsider.get('/api/online/caseLink', { pageSize: 10 })).body).toMatchObject({ error: 'CL_ERR_NO_PERMISSION' });
      const absent = await outsider.post(`/api/online/${noteModel}`, { title: 'x', linkId: MISSING });
      const hidden = await outsider.post(`/api/online/${noteModel}`, { title: 'x', linkId: target.id });
      expect(hidden.status).toBe(absent.status);
      expect(answerOf(hidden.body)).toEqual(answerOf(absent.body));
      expect(hidden.body).toMatchObject({ error: 'CL_ERR_VALIDATION', data: { errors: [{ field: 'linkId', message: '所选关联记录不可用，请重新选择' }] } });

      // granted the target's list, the same user's popup lists the record and the write goes through
      const reader = await userWith(t, [...noteCodes, 'online:caseLink:list']);
      const listed = await reader.get(`${ONLINE}/online.caseLink/FieldDataSelect`, select);
      expect(listed.body, JSON.stringify(listed.body)).toMatchObject({ code: 200 });
      expect((listed.body.data.list as { id: string }[]).find((r) => r.id === target.id)).toMatchObject({ note: target.note });
      const listedAtBase = await reader.get('/api/visualdev/Base/online.caseLink/FieldDataSelect', select);
      expect(listedAtBase.body, JSON.stringify(listedAtBase.body)).toMatchObject({
        code: 200,
        data: { pagination: { total: listed.body.data.pagination.total } },
      });
      expect(listedAtBase.body.data.list).toEqual(listed.body.data.list);
      const saved = await reader.post(`/api/online/${noteModel}`, { title: 'ok', linkId: target.id });
      expect(saved.body, JSON.stringify(saved.body)).toMatchObject({ code: 200, data: { linkId: target.id, linkId_dictText: target.note } });
      const notes = (await admin.post(`${ONLINE}/online.${noteModel}/List`, { currentPage: 1, pageSize: 100 })).body.data.list as { title: string }[];
      expect(notes.map((r) => r.title)).toEqual(['ok']);
    });

    it('imports relation form columns all or nothing; the report names each refused row, the id and the reason', async () => {
      const name = fresh('caseImport');
      await release(caseImport(name));
      const importCodes = ['list', 'import'].map((action) => `btn:online:${name}:${action}`);
      const token = await departmentToken([...importCodes, CASE_LIST]);
      const mixed = await importCases(name, token, [
        ['导甲', caseOf['A-1'], null],
        ['导乙', caseOf['B-1'], null],
        ['导丙', MISSING, null],
        ['导丁', null, `${caseOf['A-2']},${caseOf['B-1']}`],
      ]);
      expect(mixed, JSON.stringify(mixed)).toMatchObject({ code: 201, data: { totalCount: 4, errorCount: 3, successCount: 0 } });
      expect(await importedNotes(name, '导')).toEqual([]);
      // the case of another department and the missing one get the same reason
      expect(await reportLines(token, mixed.data.fileUrl)).toEqual([
        [3, '关联案件', caseOf['B-1'], UNAVAILABLE],
        [4, '关联案件', MISSING, UNAVAILABLE],
        [5, '关联案件组', `${caseOf['A-2']},${caseOf['B-1']}`, GROUP_UNAVAILABLE],
      ]);

      // an importer who may not read the cases: even a case of their own department is refused
      const blind = await departmentToken(importCodes);
      const unreadable = await importCases(name, blind, [['导戊', caseOf['A-1'], caseOf['A-2']]]);
      expect(unreadable).toMatchObject({ code: 201, data: { totalCount: 1, errorCount: 1, successCount: 0 } });
      expect(await reportLines(blind, unreadable.data.fileUrl)).toEqual([
        [2, '关联案件', caseOf['A-1'], UNAVAILABLE],
        [2, '关联案件组', caseOf['A-2'], GROUP_UNAVAILABLE],
      ]);
      expect(await importedNotes(name, '导')).toEqual([]);

      // fixed, the file goes in whole and the list shows the cases' titles
      const fixed = await importCases(name, token, [
        ['导甲', caseOf['A-1'], null],
        ['导丁', null, `${caseOf['A-1']},${caseOf['A-2']}`],
      ]);
      expect(fixed, JSON.stringify(fixed)).toMatchObject({ code: 200, data: { successCount: 2 } });
      const rows = (await admin.post(`${ONLINE}/online.${name}/List`, { currentPage: 1, pageSize: 100, keyword: '导' })).body.data.list;
      expect(rows.map((r: Record<string, string>) => [r.note, r.caseId_dictText ?? '', r.caseIds_dictText ?? '']).sort()).toEqual([
        ['导丁', '', 'A-1,A-2'],
        ['导甲', 'A-1', ''],
      ]);
    });

    it('releases a tree designed in the designer and serves it level by level, its parent picked by the relation form', async () => {
      const name = fresh('labArea');
      await release(labArea(name));
      const config = await admin.get(`${ONLINE}/online.${name}/Config`);
      expect(config.body, JSON.stringify(config.body)).toMatchObject({ code: 200 });
      const codes = ['list', 'add', 'edit', 'delete'].map((action) => `online:${name}:${action}`);
      const tester = await userWith(t, codes);
      const root = (await tester.post(`/api/online/${name}`, { name: '一号楼' })).body;
      expect(root, JSON.stringify(root)).toMatchObject({ code: 200, data: { parentId: '0' } });
      const other = (await tester.post(`/api/online/${name}`, { name: '二号楼', parentId: '0' })).body.data;
      const lab = (await tester.post(`/api/online/${name}`, { name: '力学室', parentId: root.data.id })).body;
      expect(lab, JSON.stringify(lab)).toMatchObject({ code: 200, data: { parentId: root.data.id } });
      await tester.post(`/api/online/${name}`, { name: '化学室', parentId: root.data.id });

      const names = async (parentId: string) =>
        ((await tester.get(`/api/online/${name}`, { parentId, pageSize: 50 })).body.data.list as { name: string }[]).map((r) => r.name).sort();
      expect(await names('0')).toEqual(['一号楼', '二号楼'].sort());
      expect(await names(root.data.id)).toEqual(['力学室', '化学室'].sort());
      expect(await names(other.id)).toEqual([]);
      const children = (await tester.get(`/api/online/${name}`, { parentId: root.data.id })).body.data.list as { parentId_dictText: string }[];
      expect(children.every((r) => r.parentId_dictText === '一号楼')).toBe(true);

      // a node moves under another, and never under a node that does not exist
      const moved = await tester.put(`/api/online/${name}/${lab.data.id}`, { parentId: other.id, version: lab.data.version });
      expect(moved.body, JSON.stringify(moved.body)).toMatchObject({ code: 200, data: { parentId: other.id } });
      expect(await names(other.id)).toEqual(['力学室']);
      const orphan = await tester.post(`/api/online/${name}`, { name: '孤儿', parentId: 'no-such-node' });
      expect(orphan.body).toMatchObject({ error: 'CL_ERR_VALIDATION', data: { errors: [{ field: 'parentId', message: '所选上级区域不可用，请重新选择' }] } });
    });
  });
});
