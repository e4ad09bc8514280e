import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { client, columnsOf, tokenWith, userWith, type Client } from './engineSupport.js';

interface MenuNode {
  path: string;
  meta: { permissionList?: { button: { enCode: string }[] }[] };
  children?: MenuNode[];
}

const matrix = await databaseMatrix();
const BASE = '/api/visualdev/Base';
const ONLINE = '/api/visualdev/OnlineDev';

/** A designed model (name keeps the cases apart: each gets its own table, routes and prefix). */
function gaugeDesign(name: string, extraFields: Record<string, object> = {}) {
  return {
    version: 4,
    id: `online.${name}`,
    title: '量具台账',
    entity: {
      table: `online_${name.toLowerCase()}`,
      fields: {
        gaugeName: { type: 'string', label: '量具名称', required: true, maxLength: 50, keyword: true },
        gaugeNo: { type: 'string', label: '编号', maxLength: 30 },
        ...extraFields,
      },
    },
    api: { dialect: 'api', base: `/api/online/${name}`, operations: { export: true } },
    list: { search: ['keyword', { field: 'gaugeNo', mode: 'eq' }], columns: ['gaugeName', 'gaugeNo'], actions: ['add', 'edit', 'delete'] },
    form: { fields: ['gaugeName', 'gaugeNo'] },
    permissions: { prefix: `online:${name}:` },
  };
}

describe.each(matrix)('$kind: visual development', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;
    let bystander: Client;

    beforeAll(async () => {
      t = await createTestApp(kind);
      admin = client(t, await t.login());
      bystander = await userWith(t, []);
    });
    afterAll(async () => {
      await t?.close();
    });

    // a case creates and releases designs of its own; a retried case (CI) cannot release the same id twice,
    // so every attempt takes fresh names
    let attempt = 0;
    const fresh = (stem: string) => `${stem}${++attempt}`;

    async function createDesign(model: ReturnType<typeof gaugeDesign>): Promise<{ id: string; version: number }> {
      const res = await admin.post(BASE, { fullName: model.title, enCode: model.id, modelJson: JSON.stringify(model) });
      expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
      return res.body.data;
    }

    it('ships the Sample receipt as a released design on a fresh install, usable at once by a granted user', async () => {
      const list = await admin.get(BASE, { keyword: 'online.sampleReceipt' });
      const codes = list.body.data.list.map((r: { enCode: string }) => r.enCode).sort();
      expect(codes).toEqual(['online.sampleReceipt', 'online.sampleReceiptItem']);
      expect(list.body.data.list.every((r: { state: number; releasedVersion: number }) => r.state === 1 && r.releasedVersion === 1)).toBe(true);
      const menu = await sql<{
        component: string;
        parent_id: string;
      }>`select component, parent_id from sys_permission where id = ${'online.sampleReceipt'}`.execute(t.app.ctx.db.db.withoutPlugins());
      expect(menu.rows[0]).toEqual({ component: 'ModelPage/online.sampleReceipt', parent_id: 'visualdev.apps' });

      const token = await tokenWith(t, ['online:sampleReceipt:list', 'online:sampleReceipt:add', 'online:sampleReceipt:export']);
      const tester = client(t, token);
      // a retried case (CI) finds the receipt of the first attempt: each attempt adds one of its own name
      const sampleName = `钢筋${++attempt}`;
      const rebar = async () =>
        (
          await tester.post(`${ONLINE}/online.sampleReceipt/List`, { queryJson: JSON.stringify({ sampleType: 'rebar' }), currentPage: 1, pageSize: 10 })
        ).body.data.list.map((r: { sampleName: string }) => r.sampleName);
      const before = await rebar();
      const created = await tester.post('/api/online/sampleReceipt', { sampleName, sampleType: 'rebar', quantity: 3, unitPrice: 2.5 });
      expect(created.body, JSON.stringify(created.body)).toMatchObject({ code: 200, data: { amount: 7.5, sampleName } });
      expect(created.body.data.receiptNo).toMatch(/\d/);
      expect(created.body.data.receivedDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect((await rebar()).sort()).toEqual([...before, sampleName].sort());
      const exported = await t.request({ method: 'GET', url: '/api/online/sampleReceipt/Actions/Export', token });
      expect(exported.statusCode).toBe(200);
      expect(exported.headers['content-type']).toContain('spreadsheetml');

      // a restart serves both again, the receipt (whose tab names the item model, released after it by id order) included
      const restarted = await createTestApp(kind, { database: t.database });
      try {
        const served = restarted.app.ctx.modules.models;
        expect(served.has('online.sampleReceipt') && served.has('online.sampleReceiptItem')).toBe(true);
        const again = client(restarted, await tokenWith(restarted, ['online:sampleReceipt:list']));
        expect((await again.get('/api/online/sampleReceipt')).body.data.list.map((r: { sampleName: string }) => r.sampleName)).toContain(sampleName);
        // its buttons stay under its menu (a restart put them at the root: the page then hid 新增, 编辑 and 删除)
        const buttons = await sql<{ parent_id: string | null }>`select parent_id from sys_permission where perms like ${'online:sampleReceipt:%'}`.execute(
          restarted.app.ctx.db.db.withoutPlugins(),
        );
        expect(buttons.rows.length).toBeGreaterThan(3);
        expect(new Set(buttons.rows.map((r) => r.parent_id))).toEqual(new Set(['online.sampleReceipt']));
        const permissions = await client(restarted, await restarted.login()).get('/sys/permission/getUserPermissionByToken');
        const receiptMenu = (permissions.body.result.menu as MenuNode[])
          .flatMap(function flat(m: MenuNode): MenuNode[] {
            return [m, ...(m.children ?? []).flatMap(flat)];
          })
          .find((m) => m.path === '/online/apps/sampleReceipt');
        const buttonCodes = receiptMenu?.meta.permissionList?.[0]?.button.map((b) => b.enCode);
        expect(buttonCodes).toEqual(expect.arrayContaining(['btn_add', 'btn_edit', 'btn_remove']));
      } finally {
        await restarted.close();
      }
    });

    it('refuses a design whose id is not online.<name> or is not the JSON id, and one on a system table', async () => {
      const bad = await admin.post(BASE, {
        fullName: 'x',
        enCode: 'system.position',
        modelJson: JSON.stringify({ ...gaugeDesign('x'), id: 'system.position' }),
      });
      expect(bad.body).toMatchObject({ code: 401, error: 'CL_ERR_DESIGN_MODEL_ID' });
      const mismatch = await admin.post(BASE, { fullName: 'x', enCode: 'online.other', modelJson: JSON.stringify(gaugeDesign('mismatch')) });
      expect(mismatch.body).toMatchObject({ error: 'CL_ERR_DESIGN_MODEL_ID' });
      const system = { ...gaugeDesign('sysTable'), entity: { ...gaugeDesign('sysTable').entity, table: 'sys_user' } };
      expect((await admin.post(BASE, { fullName: 'x', enCode: system.id, modelJson: JSON.stringify(system) })).body).toMatchObject({
        error: 'CL_ERR_DESIGN_TABLE',
      });
      expect((await admin.post(BASE, { fullName: 'x', enCode: 'online.notJson', modelJson: '[1,2]' })).body).toMatchObject({
        error: 'CL_ERR_DESIGN_NOT_OBJECT',
      });
    });

    it('keeps each saved draft as a version and answers the diff between two', async () => {
      const name = fresh('versioned');
      const model = gaugeDesign(name);
      const { id } = await createDesign(model);
      const first = (await admin.get(`${BASE}/${id}`)).body.data;
      expect(first.draftVersion).toBe(1);
      const changed = gaugeDesign(name, { serialNo: { type: 'string', label: '出厂编号', maxLength: 30 } });
      changed.title = '量具';
      const saved = await admin.put(`${BASE}/${id}`, { modelJson: JSON.stringify(changed), version: first.version });
      expect(saved.body).toMatchObject({ code: 200, data: { draftVersion: 2 } });
      // the same text again is no new version
      const same = await admin.put(`${BASE}/${id}`, { modelJson: JSON.stringify(changed), version: saved.body.data.version });
      expect(same.body.data.draftVersion).toBe(2);
      const versions = await admin.get(`${BASE}/${id}/Versions`);
      expect(versions.body.data.list.map((v: { version: number }) => v.version)).toEqual([2, 1]);
      const diff = await admin.get(`${BASE}/${id}/Diff`, { from: 1, to: 2 });
      expect(diff.body.data.fields).toEqual({ added: ['serialNo'], removed: [], retyped: [] });
      expect(diff.body.data.changes).toEqual(
        expect.arrayContaining([
          { path: '/title', kind: 'changed', from: '量具台账', to: '量具' },
          expect.objectContaining({ path: '/entity/fields/serialNo', kind: 'added' }),
        ]),
      );
      expect((await admin.get(`${BASE}/${id}/Diff`, { from: 7, to: 2 })).body).toMatchObject({ error: 'CL_ERR_DESIGN_VERSION_UNKNOWN' });
      const fields = await admin.get(`${BASE}/${id}/FormDataFields`);
      expect(fields.body.data.list.map((f: { vModel: string }) => f.vModel)).toEqual(['gaugeName', 'gaugeNo', 'serialNo']);
      const selector = await admin.get(`${BASE}/Selector`);
      expect(selector.body.data.list).toEqual(expect.arrayContaining([expect.objectContaining({ id, enCode: `online.${name}` })]));
    });

    it('refuses an invalid release naming the JSON path, and changes nothing', async () => {
      const name = fresh('broken');
      const broken = gaugeDesign(name, { weight: { type: 'weight', label: '重量' } });
      const { id } = await createDesign(broken);
      const res = await admin.post(`${BASE}/${id}/Actions/Release`, {});
      expect(res.body).toMatchObject({ error: 'CL_ERR_MODEL_INVALID' });
      expect(res.body.msg).toContain('/entity/fields/weight/type');
      expect(await columnsOf(t, `online_${name}`)).toEqual([]);
      expect((await admin.get(`${BASE}/${id}`)).body.data.state).toBe(0);
    });

    it('releases a design with no restart: menu, buttons, routes, OnlineDev; a new field keeps the rows', async () => {
      const name = fresh('gauge');
      const { id } = await createDesign(gaugeDesign(name));
      expect((await bystander.post(`${BASE}/${id}/Actions/Release`, {})).status).toBe(403);
      const released = await admin.post(`${BASE}/${id}/Actions/Release`, {});
      expect(released.body, JSON.stringify(released.body)).toMatchObject({ code: 200, data: { modelId: `online.${name}`, version: 1, changed: true } });
      const prefix = `online:${name}:`;
      const buttons = await sql<{ perms: string; parent_id: string }>`select perms, parent_id from sys_permission where perms like ${`${prefix}%`}`.execute(
        t.app.ctx.db.db.withoutPlugins(),
      );
      expect(buttons.rows.length).toBeGreaterThan(3);
      expect(new Set(buttons.rows.map((r) => r.parent_id))).toEqual(new Set([`online.${name}`]));

      const codes = ['list', 'add', 'edit', 'delete'].map((action) => `${prefix}${action}`);
      const tester = await userWith(t, codes);
      expect((await bystander.get(`/api/online/${name}`)).status).toBe(403);
      expect((await bystander.get(`${ONLINE}/online.${name}/Config`)).status).toBe(403);
      const a = await tester.post(`${ONLINE}/online.${name}`, { gaugeName: '游标卡尺', gaugeNo: 'G-1' });
      expect(a.body, JSON.stringify(a.body)).toMatchObject({ code: 200 });
      const b = await tester.post(`/api/online/${name}`, { gaugeName: '千分尺', gaugeNo: 'G-2' });
      expect(b.body).toMatchObject({ code: 200 });
      const config = await tester.get(`${ONLINE}/online.${name}/Config`);
      expect(config.body.data).toMatchObject({ modelId: `online.${name}`, columnData: { columns: ['gaugeName', 'gaugeNo'] } });
      const byNo = await tester.post(`${ONLINE}/online.${name}/List`, { queryJson: { gaugeNo: 'G-2' } });
      expect(byNo.body.data.list.map((r: { gaugeName: string }) => r.gaugeName)).toEqual(['千分尺']);
      const bySuper = await tester.post(`${ONLINE}/online.${name}/List`, {
        superQueryJson: JSON.stringify({ matchLogic: 'AND', conditionJson: [{ field: 'gaugeName', symbol: 'like', fieldValue: '卡尺' }] }),
      });
      expect(bySuper.body.data.list.map((r: { gaugeNo: string }) => r.gaugeNo)).toEqual(['G-1']);
      expect((await tester.post(`${ONLINE}/online.${name}/List`, { queryJson: { colour: 'red' } })).status).toBe(400);
      const one = await tester.get(`${ONLINE}/online.${name}/${a.body.data.id}`);
      expect(one.body.data.gaugeName).toBe('游标卡尺');
      const change = await tester.get(`${ONLINE}/online.${name}/${a.body.data.id}/DataChange`);
      expect(JSON.parse(change.body.data.data)).toMatchObject({ gaugeNo: 'G-1' });
      const put = await tester.put(`${ONLINE}/online.${name}/${a.body.data.id}`, { gaugeNo: 'G-1a', version: one.body.data.version });
      expect(put.body.data.gaugeNo).toBe('G-1a');

      // a new field: released again, the rows keep their data and the field is accepted at once
      const design = (await admin.get(`${BASE}/${id}`)).body.data;
      const more = gaugeDesign(name, { serialNo: { type: 'string', label: '出厂编号', maxLength: 30 } });
      await admin.put(`${BASE}/${id}`, { modelJson: JSON.stringify(more), version: design.version });
      const again = await admin.post(`${BASE}/${id}/Actions/Release`, {});
      expect(again.body).toMatchObject({ code: 200, data: { version: 2, fields: { added: ['serialNo'] }, backups: [] } });
      expect((await tester.post(`/api/online/${name}`, { gaugeName: '量块', serialNo: 'S-9' })).body).toMatchObject({ code: 200 });
      const rows = (await tester.get(`/api/online/${name}`)).body.data.list as { gaugeNo: string | null; serialNo: string | null }[];
      expect(rows.map((r) => r.gaugeNo).sort()).toEqual(['G-1a', 'G-2', null].sort());
      expect((await admin.get(`${BASE}/${id}`)).body.data).toMatchObject({ state: 1, releasedVersion: 2 });

      const batch = await tester.post(`${ONLINE}/batchDelete/online.${name}`, { ids: [a.body.data.id, b.body.data.id] });
      expect(batch.body, JSON.stringify(batch.body)).toMatchObject({ code: 200 });
      expect((await tester.get(`/api/online/${name}`)).body.data.list).toHaveLength(1);
    });

    it("answers App/Preview: the released screen as a phone shows it, behind the model's list permission", async () => {
      const name = fresh('phone');
      const { id } = await createDesign(gaugeDesign(name, { calibrated: { type: 'date', label: '校准日期', required: true } }));
      expect((await admin.post(`${BASE}/${id}/Actions/Release`, {})).body.code).toBe(200);
      const url = `${ONLINE}/online.${name}/App/Preview`;
      expect((await bystander.get(url)).status).toBe(403);
      const reader = await userWith(t, [`online:${name}:list`]);
      const res = await reader.get(url);
      expect(res.body, JSON.stringify(res.body)).toMatchObject({
        code: 200,
        data: {
          modelId: `online.${name}`,
          fullName: '量具台账',
          card: { title: { field: 'gaugeName', label: '量具名称' }, fields: [{ field: 'gaugeNo', label: '编号' }] },
          keyword: true,
          search: [{ field: 'gaugeNo', label: '编号' }],
          form: [
            { field: 'gaugeName', type: 'string', required: true, widget: null },
            { field: 'gaugeNo', type: 'string', required: false, widget: null },
          ],
          tabs: [],
        },
      });
      expect((await reader.get(url, { colour: 'red' })).status).toBe(400);
      expect((await reader.get(`${ONLINE}/online.nothing/App/Preview`)).status).toBe((await reader.get(`${ONLINE}/online.${name}/App/Nothing`)).status);
    });

    it('refuses to drop or retype a field holding data unless confirmed, and then backs the column up', async () => {
      const name = fresh('risky');
      const { id } = await createDesign(gaugeDesign(name));
      await admin.post(`${BASE}/${id}/Actions/Release`, {});
      expect((await admin.post(`/api/online/${name}`, { gaugeName: '卡尺', gaugeNo: 'R-1' })).body).toMatchObject({ code: 200 });
      const without = gaugeDesign(name);
      delete (without.entity.fields as Record<string, unknown>).gaugeNo;
      without.list.search = ['keyword'];
      without.list.columns = ['gaugeName'];
      without.form.fields = ['gaugeName'];
      const design = (await admin.get(`${BASE}/${id}`)).body.data;
      expect((await admin.put(`${BASE}/${id}`, { modelJson: JSON.stringify(without), version: design.version })).body.code).toBe(200);

      const refused = await admin.post(`${BASE}/${id}/Actions/Release`, {});
      expect(refused.body).toMatchObject({ error: 'CL_ERR_RELEASE_DESTRUCTIVE' });
      expect(refused.body.msg).toContain('gaugeNo');
      expect(await columnsOf(t, `online_${name}`)).toContain('gauge_no');

      const confirmed = await admin.post(`${BASE}/${id}/Actions/Release`, { confirm: true });
      expect(confirmed.body, JSON.stringify(confirmed.body)).toMatchObject({
        code: 200,
        data: { backups: [{ field: 'gaugeNo', rows: 1, reason: 'dropped' }] },
      });
      expect(await columnsOf(t, `online_${name}`)).not.toContain('gauge_no');
      const backupTable = confirmed.body.data.backups[0].backupTable as string;
      const kept = await sql<{ gauge_no: string }>`select gauge_no from ${sql.table(backupTable)}`.execute(t.app.ctx.db.db.withoutPlugins());
      expect(kept.rows.map((r) => r.gauge_no)).toEqual(['R-1']);
      const recorded = await t.app.ctx.db.db.selectFrom('sysVisualdevBackup').selectAll().where('modelId', '=', `online.${name}`).execute();
      expect(recorded).toEqual([expect.objectContaining({ columnName: 'gauge_no', backupTable, rowCount: 1, reason: 'dropped' })]);
      // the screen still works on the remaining field
      expect((await admin.get(`/api/online/${name}`)).body.data.list.map((r: { gaugeName: string }) => r.gaugeName)).toEqual(['卡尺']);
    });

    it('copies a design under a new id, table and prefix, which releases beside the original', async () => {
      const name = fresh('copied');
      const { id } = await createDesign(gaugeDesign(name));
      const copy = await admin.post(`${BASE}/${id}/Actions/Copy`, {});
      expect(copy.body).toMatchObject({ code: 200, data: { enCode: `online.${name}Copy1` } });
      const stored = (await admin.get(`${BASE}/${copy.body.data.id}`)).body.data;
      const model = JSON.parse(stored.modelJson);
      expect(model).toMatchObject({ id: `online.${name}Copy1`, entity: { table: `online_${name}_copy1` }, api: { base: `/api/online/${name}Copy1` } });
      expect(model.permissions.prefix).toBe(`online:${name}Copy1:`);
      expect((await admin.post(`${BASE}/${id}/Actions/Release`, {})).body.code).toBe(200);
      expect((await admin.post(`${BASE}/${copy.body.data.id}/Actions/Release`, {})).body.code).toBe(200);
      expect((await admin.get(`/api/online/${name}Copy1`)).body.code).toBe(200);
    });

    it('功能设计 deletes checked designs in a batch (spec 001 §2: the administration list has batch delete)', async () => {
      const actions = (await admin.get('/system/model/visualdev.design')).body.result.model.list.actions as unknown[];
      expect(actions).toContain('deleteBatch');
      const ids = [(await createDesign(gaugeDesign(fresh('batchA')))).id, (await createDesign(gaugeDesign(fresh('batchB')))).id];
      expect((await bystander.post(`${BASE}/Actions/BatchDelete`, { ids })).status).toBe(403);
      const res = await admin.post(`${BASE}/Actions/BatchDelete`, { ids });
      expect(res.body).toMatchObject({ code: 200, msg: '批量删除成功！' });
      for (const id of ids) expect((await admin.get(`${BASE}/${id}`)).body.code).not.toBe(200);
    });

    it('checks a model for the JSON view: every problem at its JSON path, nothing for a good one', async () => {
      const bad = gaugeDesign('checked', { weight: { type: 'weight', label: '重量' } });
      const res = await admin.post(`${BASE}/Actions/Check`, { ...bad, list: { columns: ['nope'] } });
      const paths = res.body.data.problems.map((p: { path: string }) => p.path);
      expect(paths).toEqual(expect.arrayContaining(['/entity/fields/weight/type']));
      expect((await admin.post(`${BASE}/Actions/Check`, gaugeDesign('checked'))).body.data.problems).toEqual([]);
      expect((await bystander.post(`${BASE}/Actions/Check`, gaugeDesign('checked'))).status).toBe(403);
    });

    it('keeps the designs to their permissions', async () => {
      expect((await bystander.get(BASE)).status).toBe(403);
      expect((await bystander.post(BASE, { fullName: 'x', enCode: 'online.x', modelJson: '{}' })).status).toBe(403);
      const reader = await userWith(t, ['visualdev:design:list']);
      expect((await reader.get(BASE)).body.code).toBe(200);
      const [design] = (await reader.get(BASE)).body.data.list;
      expect((await reader.post(`${BASE}/${design.id}/Actions/Release`, {})).status).toBe(403);
      expect((await reader.post(`${BASE}/${design.id}/Actions/Copy`, {})).status).toBe(403);
    });
  });
});
