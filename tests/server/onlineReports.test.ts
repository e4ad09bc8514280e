import dayjs from 'dayjs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { ensureTenant, grant, insertDepart, insertRole, insertUser } from '../helpers/testRows.js';
import { client, userWith, type Client } from './engineSupport.js';
import { readWorkbook } from './xlsxSupport.js';

const matrix = await databaseMatrix();
const API = '/online/cgreport/api';
const EXPIRING = 'labReports.certificatesExpiring';
const BY_TITLE = 'labReports.staffByTitle';

/** The day-one lab reports (schemas/labReports) through the online report calls (spec 001 §7). */
describe.each(matrix)('$kind: online reports', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;
    const tag = `rp${process.pid}`;
    // what a case creates is its attempt's own: a retried case (CI) finds what the first attempt left
    let attempt = 0;
    const inDays = (n: number) => dayjs().add(n, 'day').format('YYYY-MM-DD');

    beforeAll(async () => {
      t = await createTestApp(kind);
      admin = client(t, await t.login());
      const staff = [
        { name: `${tag}甲`, org: `${tag}A`, title: '工程师', validity: inDays(5) },
        { name: `${tag}乙`, org: `${tag}A`, title: '工程师', validity: inDays(30) },
        { name: `${tag}丙`, org: `${tag}A`, title: '高级工程师', validity: inDays(31) },
        { name: `${tag}丁`, org: `${tag}B`, title: '工程师', validity: inDays(200) },
        { name: `${tag}戊`, org: `${tag}B`, title: '助理工程师', validity: inDays(-3) },
      ];
      for (const [i, s] of staff.entries()) {
        const res = await admin.post('/api/permission/Users', {
          username: `${tag}u${i}`,
          realname: s.name,
          password: 'Start1234v',
          orgCode: s.org,
          highestTitle: s.title,
          certificateName: '检测师',
          certificateNo: `C${i}`,
          certificateValidity: s.validity,
          workNo: `W${i}`,
        });
        expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
      }
      // department A is named in this tenant; another tenant's department with the same code never shows
      const db = t.app.ctx.db.db;
      await insertDepart(db, `${tag}A`, `${tag}检测一部`);
      await ensureTenant(db, 7);
      await insertDepart(db, `${tag}B`, `${tag}他租户部门`, 7);
    });
    afterAll(async () => {
      await t?.close();
    });

    const data = (query: Record<string, string | number>, as: Client = admin, id = EXPIRING) => as.get(`${API}/getData/${id}`, query);
    const names = (body: { result: { records: { realname: string }[] } }) => body.result.records.map((r) => r.realname).filter((n) => n.startsWith(tag));

    it("shows a source field the caller's roles hide as null, and ignores a search on it", async () => {
      const db = t.app.ctx.db.db;
      const roleId = await insertRole(db, `${tag}hide${++attempt}`);
      await grant(db, roleId, ['btn:labReports:certificatesExpiring:list']);
      for (const field of ['certificateNo', 'realname']) {
        const hidden = await admin.post('/sys/roleField/add', { roleId, modelId: 'system.user', field, access: 'hidden' });
        expect(hidden.body, JSON.stringify(hidden.body)).toMatchObject({ success: true });
      }
      const username = `${tag}hider${attempt}`;
      await insertUser(db, { username, password: 'Passw0rd1', roleIds: [roleId] });
      const hider = client(t, await t.login(username, 'Passw0rd1'));
      const mine = (body: { result: { records: { workNo: string }[] } }) => body.result.records.filter((r) => r.workNo === 'W0');
      const seen = await data({ self_days: 400, pageSize: 100 }, hider);
      expect(mine(seen.body)).toEqual([expect.objectContaining({ workNo: 'W0', certificateName: '检测师', certificateNo: null, realname: null })]);
      // a search by the hidden name finds nothing out: it is not applied
      const searched = await data({ self_days: 400, pageSize: 100, realname: `${tag}甲` }, hider);
      expect(searched.body.result.total).toBe(seen.body.result.total);
      expect(mine((await data({ self_days: 400, pageSize: 100 })).body)).toEqual([expect.objectContaining({ certificateNo: 'C0', realname: `${tag}甲` })]);
    });

    it('answers the columns, dictionaries, parameters and query fields of a report', async () => {
      const columns = await admin.get(`${API}/getRpColumns/${EXPIRING}`);
      expect(columns.body).toMatchObject({ success: true, result: { cgRpConfigId: EXPIRING, cgRpConfigName: '证书到期提醒' } });
      expect(columns.body.result.columns.map((c: { dataIndex: string }) => c.dataIndex)).toEqual([
        'userId',
        'realname',
        'workNo',
        'orgCode',
        'departName',
        'certificateName',
        'certificateNo',
        'certificateValidity',
      ]);
      expect(columns.body.result.params).toEqual([{ field: 'self_days', label: '到期天数', type: 'integer', default: 30 }]);
      const info = await admin.get(`${API}/getQueryInfo/${EXPIRING}`);
      expect(info.body.result).toEqual([
        { field: 'realname', label: '姓名', type: 'string', mode: 'single' },
        { field: 'orgCode', label: '部门编码', type: 'string', mode: 'single' },
        { field: 'certificateValidity', label: '证书有效期', type: 'date', mode: 'group' },
      ]);
    });

    it('binds self_* parameters: within 30 days by default, within N days when sent', async () => {
      const byDefault = await data({ realname: tag, pageSize: 50 });
      expect(byDefault.body.success).toBe(true);
      // sorted by expiry (the report's default): the expired one first, then 5 and 30 days
      expect(names(byDefault.body)).toEqual([`${tag}戊`, `${tag}甲`, `${tag}乙`]);
      expect(names((await data({ realname: tag, self_days: 31, pageSize: 50 })).body)).toEqual([`${tag}戊`, `${tag}甲`, `${tag}乙`, `${tag}丙`]);
      expect(names((await data({ realname: tag, self_days: 0, pageSize: 50 })).body)).toEqual([`${tag}戊`]);
    });

    it('refuses injected or unknown self_* values and never splices them', async () => {
      const injected = await data({ self_days: '30) or 1=1 --', realname: tag });
      expect(injected.body).toMatchObject({ success: false, error: 'CL_ERR_BAD_REQUEST' });
      const tooMany = await data({ self_days: 99999 });
      expect(tooMany.body).toMatchObject({ success: false, error: 'CL_ERR_BAD_REQUEST' });
      const unknown = await data({ self_table: 'sys_user' });
      expect(unknown.body).toMatchObject({ success: false, error: 'CL_ERR_QUERY_PARAM_UNKNOWN' });
      // a search value is bound: quote and wildcard text match nothing instead of everything
      const quoted = await data({ realname: "' or '1'='1", self_days: 3650 });
      expect(quoted.body.result).toMatchObject({ total: 0, records: [] });
      const { rows } = await sql<{ n: unknown }>`select count(*) as n from sys_user`.execute(t.app.ctx.db.db);
      expect(Number(rows[0]!.n)).toBeGreaterThanOrEqual(6);
    });

    it('sorts only by an output column and an order of asc or desc', async () => {
      const desc = await data({ realname: tag, self_days: 3650, column: 'realname', order: 'desc', pageSize: 50 });
      const sorted = names(desc.body);
      expect(sorted).toEqual([...sorted].sort().reverse());
      expect((await data({ column: 'password', order: 'asc' })).body).toMatchObject({ success: false, error: 'CL_ERR_SORT_UNKNOWN' });
      expect((await data({ column: 'realname desc, (select 1)', order: 'asc' })).body).toMatchObject({ success: false, error: 'CL_ERR_SORT_UNKNOWN' });
      expect((await data({ column: 'realname', order: 'desc; drop table sys_user' })).body).toMatchObject({ success: false, error: 'CL_ERR_BAD_REQUEST' });
    });

    it('pages with the total, and filters by query fields and _begin/_end ranges', async () => {
      const first = await data({ realname: tag, self_days: 3650, pageNo: 1, pageSize: 2 });
      const second = await data({ realname: tag, self_days: 3650, pageNo: 2, pageSize: 2 });
      const third = await data({ realname: tag, self_days: 3650, pageNo: 3, pageSize: 2 });
      expect(first.body.result.total).toBe(5);
      expect([...names(first.body), ...names(second.body), ...names(third.body)]).toEqual([`${tag}戊`, `${tag}甲`, `${tag}乙`, `${tag}丙`, `${tag}丁`]);
      const range = await data({ realname: tag, self_days: 3650, certificateValidity_begin: inDays(0), certificateValidity_end: inDays(30) });
      expect(names(range.body)).toEqual([`${tag}甲`, `${tag}乙`]);
      expect(names((await data({ orgCode: `${tag}B`, self_days: 3650 })).body)).toEqual([`${tag}戊`, `${tag}丁`]);
      expect((await data({ certificateValidity_begin: 'yesterday' })).body).toMatchObject({ success: false });
      expect((await data({ password: 'x' })).body).toMatchObject({ success: false, error: 'CL_ERR_QUERY_PARAM_UNKNOWN' });
      expect((await data({ pageSize: 5000 })).body).toMatchObject({ success: false, error: 'CL_ERR_BAD_REQUEST' });
    });

    it('groups and counts over a join: staff by department and title, with the totals of every row', async () => {
      const res = await data({ orgCode: `${tag}A`, pageSize: 1 }, admin, BY_TITLE);
      expect(res.body.result.total).toBe(2);
      expect(res.body.result.records).toEqual([
        expect.objectContaining({ orgCode: `${tag}A`, departName: `${tag}检测一部`, highestTitle: '工程师', staffCount: 2 }),
      ]);
      // the totals row counts both groups, not only the page
      expect(res.body.result.totals).toEqual({ staffCount: 3 });
      const byName = await data({ departName: '检测一部', highestTitle: '高级', pageSize: 50 }, admin, BY_TITLE);
      expect(byName.body.result.records).toEqual([expect.objectContaining({ orgCode: `${tag}A`, highestTitle: '高级工程师', staffCount: 1 })]);
      expect(byName.body.result.totals).toEqual({ staffCount: 1 });
    });

    it("applies the tenant of a joined model: a left join keeps the row but not another tenant's name", async () => {
      const res = await data({ orgCode: `${tag}B`, self_days: 3650, pageSize: 50 });
      expect(res.body.result.records.map((r: { departName: unknown }) => r.departName)).toEqual([null, null]);
      const a = await data({ orgCode: `${tag}A`, self_days: 3650, pageSize: 50 });
      expect(new Set(a.body.result.records.map((r: { departName: unknown }) => r.departName))).toEqual(new Set([`${tag}检测一部`]));
      // the link column's record id is the user's id
      const ids = a.body.result.records.map((r: { userId: string }) => r.userId);
      const user = await admin.get(`/api/permission/Users/${ids[0]}`);
      expect(user.body.data).toMatchObject({ orgCode: `${tag}A` });
    });

    it("answers a chart's points from two numeric outputs, parameters applied, for the chart fetch", async () => {
      const device = `${tag}天平${++attempt}`;
      for (const [x, y] of [
        [3, 9.2],
        [1, 1.1],
        [2, 4.05],
      ]) {
        const res = await admin.post('/admin/calibrationPoint/add', { deviceName: device, standardValue: x, readingValue: y });
        expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true });
      }
      await admin.post('/admin/calibrationPoint/add', { deviceName: `${tag}other`, standardValue: 1, readingValue: 100 });
      const chart = (query: Record<string, string | number>) => admin.get(`${API}/getChartData/labCalibration.curve`, query);
      const res = await chart({ x: 'standardValue', y: 'readingValue', self_device: device, degree: 2, singleOptionalType: '' });
      expect(res.body.result).toEqual({ name: '校准曲线', x: [1, 2, 3], y: [1.1, 4.05, 9.2] });
      expect((await chart({ x: 'deviceName', y: 'readingValue' })).body).toMatchObject({ success: false, error: 'CL_ERR_BAD_REQUEST' });
      expect((await chart({ x: 'standardValue', y: 'password' })).body).toMatchObject({ success: false, error: 'CL_ERR_BAD_REQUEST' });
      expect((await chart({ x: 'standardValue', y: 'readingValue', self_device: "x' or '1'='1" })).body.result).toMatchObject({ x: [], y: [] });
    });

    it('refuses a calibration record without its chart in the download’s words (请先生成图表), on add and on edit', async () => {
      const mark = `${tag}r${++attempt}`;
      const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
      const missing = await admin.post('/admin/calibrationRecord/add', { deviceName: `${mark}无图` });
      expect(missing.body, JSON.stringify(missing.body)).toMatchObject({ success: false, message: '请先生成图表' });
      expect((await admin.post('/admin/calibrationRecord/add', { deviceName: `${mark}无图`, curveChart: '' })).body).toMatchObject({
        success: false,
        message: '请先生成图表',
      });
      const saved = await admin.post('/admin/calibrationRecord/add', { deviceName: `${mark}有图`, curveChart: png });
      expect(saved.body, JSON.stringify(saved.body)).toMatchObject({ success: true, result: { curveChart: png } });
      const { id, version } = saved.body.result as { id: string; version: number };
      const cleared = await admin.put('/admin/calibrationRecord/edit', { id, version, curveChart: '' });
      expect(cleared.body, JSON.stringify(cleared.body)).toMatchObject({ success: false, message: '请先生成图表' });
      const list = await admin.get('/admin/calibrationRecord/list', { keyword: mark, pageSize: 50 });
      expect(list.body.result.records.map((r: { deviceName: string; curveChart: string }) => [r.deviceName, r.curveChart])).toEqual([[`${mark}有图`, png]]);
    });

    it('serves a report designed in the designer like a shipped one: a query model saved and released as a design', async () => {
      const n = ++attempt;
      const name = `pointsDesign${process.pid}x${n}`;
      const device = `${tag}设计量具${n}`;
      for (const [x, y] of [
        [2, 4.1],
        [1, 2.2],
        [3, 5.9],
      ]) {
        expect((await admin.post('/admin/calibrationPoint/add', { deviceName: device, standardValue: x, readingValue: y })).body).toMatchObject({
          success: true,
        });
      }
      const design = {
        version: 10,
        id: `online.${name}`,
        title: '设计的校准报表',
        screen: { kind: 'query' },
        query: {
          from: 'labCalibration.point',
          fields: { deviceName: 'deviceName', standardValue: 'standardValue', readingValue: 'readingValue' },
          params: { device: { type: 'string', label: '仪器名称', maxLength: 50 } },
          where: [{ field: 'deviceName', op: 'eq', param: 'device' }],
          totals: { readingValue: 'sum' },
        },
        entity: {
          table: `online_${name.toLowerCase()}`,
          tenantScoped: true,
          fields: {
            deviceName: { type: 'string', label: '仪器名称', maxLength: 50 },
            standardValue: { type: 'number', label: '标准值' },
            readingValue: { type: 'number', label: '示值' },
          },
          defaultSort: { field: 'standardValue', order: 'asc' },
        },
        api: {
          dialect: 'jeecg',
          base: `/online/designed/${name}`,
          operations: { create: false, update: false, delete: false, deleteBatch: false, export: true },
        },
        list: {
          columns: ['deviceName', 'standardValue', 'readingValue'],
          actions: [{ key: 'export', label: '导出', operation: 'export', placement: 'toolbar' }],
        },
        permissions: { prefix: `online:${name}:` },
      };
      const saved = await admin.post('/api/visualdev/Base', { fullName: design.title, enCode: design.id, modelJson: JSON.stringify(design) });
      expect(saved.body, JSON.stringify(saved.body)).toMatchObject({ code: 200 });
      const released = await admin.post(`/api/visualdev/Base/${saved.body.data.id}/Actions/Release`, {});
      expect(released.body, JSON.stringify(released.body)).toMatchObject({ code: 200, data: { modelId: design.id } });

      const reader = await userWith(t, [`online:${name}:list`, `online:${name}:export`, 'labCalibration:point:list']);
      const columns = await reader.get(`${API}/getRpColumns/${design.id}`);
      expect(columns.body, JSON.stringify(columns.body)).toMatchObject({
        success: true,
        result: { cgRpConfigId: design.id, cgRpConfigName: '设计的校准报表' },
      });
      expect(columns.body.result.params).toEqual([{ field: 'self_device', label: '仪器名称', type: 'string', default: null }]);
      const page = await reader.get(`${API}/getData/${design.id}`, { self_device: device, pageNo: 1, pageSize: 2 });
      expect(page.body.result.total).toBe(3);
      expect(Number(page.body.result.totals.readingValue)).toBeCloseTo(12.2, 9);
      expect(page.body.result.records.map((r: { standardValue: number }) => r.standardValue)).toEqual([1, 2]);
      expect((await reader.get(`${API}/getData/${design.id}`, { self_device: "x' or '1'='1" })).body.result.total).toBe(0);
      // without the designed report's own permission it is not there
      const other = await userWith(t, ['labCalibration:point:list']);
      expect((await other.get(`${API}/getData/${design.id}`, { self_device: device })).status).toBe(404);
    });

    it('serves every item of a report dictionary past the tenth and filters by the twelfth on the server', async () => {
      const device = `${tag}扭矩扳手${++attempt}`;
      for (const [x, quantity] of [
        [1, '11'],
        [2, '11'],
        [3, '1'],
      ] as const) {
        const res = await admin.post('/admin/calibrationPoint/add', { deviceName: device, quantity, standardValue: x, readingValue: x });
        expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true });
      }
      const columns = await admin.get(`${API}/getRpColumns/labCalibration.curve`);
      const options = columns.body.result.dictOptions.quantity as { value: string; text: string }[];
      expect(options.length).toBeGreaterThan(10);
      expect(options[10]).toMatchObject({ value: '11', text: '扭矩' });
      const info = await admin.get(`${API}/getQueryInfo/labCalibration.curve`);
      expect(info.body.result).toContainEqual(expect.objectContaining({ field: 'quantity', dictCode: 'calibration_quantity' }));
      const res = await data({ self_device: device, quantity: '11', pageSize: 50 }, admin, 'labCalibration.curve');
      expect(res.body.result.records.map((r: { standardValue: number; quantity_dictText: string }) => [r.standardValue, r.quantity_dictText])).toEqual([
        [1, '扭矩'],
        [2, '扭矩'],
      ]);
      expect(res.body.result.total).toBe(2);
    });

    it('exports what the report shows, parameters applied', async () => {
      const token = await t.login();
      const res = await t.request({ method: 'GET', url: `${API}/exportXls/${EXPIRING}?realname=${encodeURIComponent(tag)}&self_days=30`, token });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      const rows = (await readWorkbook(res.rawPayload)).sheets.get('证书到期提醒')!;
      expect(rows[0]).toEqual(['用户', '姓名', '工号', '部门编码', '部门名称', '证书名称', '证书编号', '证书有效期']);
      expect(rows.slice(1).map((r) => r[1])).toEqual([`${tag}戊`, `${tag}甲`, `${tag}乙`]);
    });

    it('answers an unknown report and one the caller may not read alike, and applies the data scope', async () => {
      // rules, roles and users of this attempt's own; the data they scope is the suite's
      const who = `${tag}s${++attempt}`;
      const outsider = await userWith(t, ['system:user:list']);
      expect((await data({}, outsider)).status).toBe(404);
      expect((await admin.get(`${API}/getRpColumns/labReports.nothing`)).status).toBe(404);
      expect((await admin.get(`${API}/getRpColumns/system.user`)).status).toBe(404);

      // a role whose data rule keeps department B only
      const db = t.app.ctx.db.db;
      const rule = await admin.post('/sys/dataRule/add', {
        name: `${who} rule`,
        modelId: 'system.user',
        kind: 'field',
        field: 'orgCode',
        operator: 'eq',
        value: `${tag}B`,
      });
      expect(rule.body, JSON.stringify(rule.body)).toMatchObject({ success: true });
      const roleId = await insertRole(db, `${who}role`);
      await grant(db, roleId, [`btn:labReports:certificatesExpiring:list`]);
      expect((await admin.post('/sys/roleDataRule/add', { roleId, ruleId: rule.body.result.id })).body).toMatchObject({ success: true });
      await insertUser(db, { username: `${who}scoped`, password: 'Passw0rd1', roleIds: [roleId] });
      const scoped = client(t, await t.login(`${who}scoped`, 'Passw0rd1'));
      expect(names((await data({ realname: tag, self_days: 3650 }, scoped)).body)).toEqual([`${tag}戊`, `${tag}丁`]);

      // the joined model's data scope applies too: a rule hiding department A's record hides its name
      const departRule = await admin.post('/sys/dataRule/add', {
        name: `${who} depart rule`,
        modelId: 'system.depart',
        kind: 'field',
        field: 'orgCode',
        operator: 'ne',
        value: `${tag}A`,
      });
      expect(departRule.body, JSON.stringify(departRule.body)).toMatchObject({ success: true });
      const departRole = await insertRole(db, `${who}drole`);
      await grant(db, departRole, [`btn:labReports:staffByTitle:list`]);
      expect((await admin.post('/sys/roleDataRule/add', { roleId: departRole, ruleId: departRule.body.result.id })).body).toMatchObject({ success: true });
      await insertUser(db, { username: `${who}dscoped`, password: 'Passw0rd1', roleIds: [departRole] });
      const departScoped = client(t, await t.login(`${who}dscoped`, 'Passw0rd1'));
      const hidden = await data({ orgCode: `${tag}A`, pageSize: 50 }, departScoped, BY_TITLE);
      expect(hidden.body.result.records.map((r: { departName: unknown; staffCount: number }) => [r.departName, r.staffCount])).toEqual([
        [null, 2],
        [null, 1],
      ]);
    });
  });
});
