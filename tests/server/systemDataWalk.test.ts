import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextBillNumber } from '../../server/engine/billNumbers.js';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { ensureTenant } from '../helpers/testRows.js';
import { client, userWith, type Client, type Reply } from './engineSupport.js';

const matrix = await databaseMatrix();

type Row = Record<string, unknown> & { id: string; version: number };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** one call: method, url, query, body */
type Call = [Method, string, Record<string, string>?, unknown?];

const RULE_JSON = [{ digits: '*', pattern: '[A-Z0-9]+', message: '只能填写大写字母或数字' }];
const TEMPLATE = { page: { size: 'A4', orientation: 'portrait', margin: 40 }, blocks: [{ kind: 'title', text: '巡检单', align: 'center' }] };

/** Every permission code of the tenant-scoped issue-10 families, for a caller that holds them all. */
const ALL_CODES = [
  ...['list', 'add', 'edit', 'delete', 'state', 'export'].flatMap((a) => [`system:billRule:${a}`, `system:printDev:${a}`, `system:dataInterface:${a}`]),
  ...['list', 'add', 'edit', 'delete'].flatMap((a) => [`system:category:${a}`, `system:checkRule:${a}`]),
  ...['list', 'add', 'edit', 'delete', 'pause', 'resume', 'execute'].map((a) => `system:quartzJob:${a}`),
];

const send = (c: Client, [method, url, query, body]: Call): Promise<Reply> => {
  if (method === 'GET') return c.get(url, query);
  if (method === 'POST') return c.post(url, body ?? {}, query);
  if (method === 'PUT') return c.put(url, body, query);
  return c.del(url, query, body);
};
const label = ([method, url, query]: Call) => `${method} ${url}${query ? `?${new URLSearchParams(query).toString()}` : ''}`;

/**
 * Issue 10's acceptance walk over the calls of the system-data families, beside each family's own suite:
 * every permission-gated call refuses a caller without its permission (and changes nothing), every call on a
 * tenant-scoped record refuses another tenant's holder of every permission like an unknown id, every read
 * refuses an unknown parameter and an over-long id, and the one-record calls answer their family's shape.
 * Areas and dictionaries are shared by every tenant by design (systemArea / systemDictionary check that).
 */
describe.each(matrix)('$kind: system data, call by call (issue 10)', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;
    const tag = `w${process.pid}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
    /** the records the walk calls on, made once (tenant 1, or shared for areas and dictionaries) */
    const r = {} as Record<'rule' | 'print' | 'iface' | 'category' | 'checkRule' | 'job' | 'dict' | 'item' | 'area', Row>;
    let adminId = '';

    const ok = async (reply: Promise<Reply>, what: string): Promise<Row> => {
      const { body } = await reply;
      expect(body, `${what}: ${JSON.stringify(body)}`).toMatchObject({ code: 200 });
      return (body.data ?? body.result) as Row;
    };

    beforeAll(async () => {
      t = await createTestApp(kind);
      admin = client(t, await t.login());
      adminId = (await t.app.ctx.db.db.selectFrom('sysUser').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
      r.rule = await ok(admin.post('/api/system/BillRule', { fullName: '巡检单号', enCode: `${tag}R`, prefix: 'XJ', dateFormat: 'YYYYMM', digit: 3 }), 'rule');
      r.print = await ok(
        admin.post('/api/system/printDev', { fullName: '巡检单', enCode: `${tag}.print`, type: 'staff', formId: 'staff.member', template: TEMPLATE }),
        'print',
      );
      r.iface = await ok(
        admin.post('/api/system/DataInterface', {
          fullName: '单位',
          enCode: `${tag}.units`,
          categoryId: 'base',
          dataType: 2,
          enabledMark: 1,
          staticData: '[{"id":"1","name":"米"}]',
          requestParameters: JSON.stringify([{ field: 'q', dataType: 'varchar' }]),
        }),
        'iface',
      );
      r.category = await ok(admin.post('/sys/category/add', { pid: '0', name: '巡检类别', code: `${tag}C` }), 'category');
      r.checkRule = await ok(admin.post('/sys/checkRule/add', { ruleName: '巡检编码', ruleCode: `${tag}K`, ruleJson: RULE_JSON }), 'checkRule');
      r.job = await ok(
        admin.post('/sys/quartzJob/add', { jobClassName: 'system.pruneJobLogs', cronExpression: '0 0 3 * * ? *', description: `${tag}job` }),
        'job',
      );
      r.dict = await ok(admin.post('/api/system/DictionaryType', { dictName: '巡检结果', dictCode: `${tag}.result` }), 'dict');
      r.item = await ok(admin.post('/api/system/DictionaryData', { dictId: r.dict.id, itemText: '合格', itemValue: 'pass', sortOrder: 1 }), 'item');
      r.area = await ok(admin.post('/api/system/Area', { parentId: '110101', fullName: `${tag}街道`, enCode: `${tag}A`, type: 4 }), 'area');
    });
    afterAll(async () => {
      await t?.close();
    });

    /** each record as admin reads it now (its version tells whether a refused call changed it) */
    const current = async (): Promise<Record<string, unknown>> => {
      const read = async (url: string, query?: Record<string, string>) => {
        const { body } = await admin.get(url, query);
        return (body.data ?? body.result ?? null) as Row | null;
      };
      return {
        rule: await read(`/api/system/BillRule/${r.rule.id}`),
        print: await read(`/api/system/printDev/${r.print.id}`),
        iface: await read(`/api/system/DataInterface/${r.iface.id}`),
        category: await read('/sys/category/queryById', { id: r.category.id }),
        checkRule: await read('/sys/checkRule/queryById', { id: r.checkRule.id }),
        job: await read('/sys/quartzJob/queryById', { id: r.job.id }),
        dict: await read(`/api/system/DictionaryType/${r.dict.id}`),
        item: await read(`/api/system/DictionaryData/${r.item.id}/Info`),
        area: await read(`/api/system/Area/${r.area.id}/Info`),
      };
    };

    /** the permission-gated calls of the api-dialect families (refused with HTTP 403) */
    const apiCalls = (): Call[] => {
      const { rule, print, iface, dict, item, area } = r;
      return [
        ['GET', '/api/system/Area'],
        ['GET', '/api/system/Area/86'],
        ['GET', '/api/system/Area/110000/Selector/0'],
        ['POST', '/api/system/Area/GetAreaByIds', undefined, { idsList: ['110000'] }],
        ['POST', '/api/system/Area', undefined, { parentId: '86', fullName: 'x', enCode: `${tag}X` }],
        ['PUT', `/api/system/Area/${area.id}`, undefined, { fullName: '改', version: area.version }],
        ['GET', `/api/system/Area/${area.id}/Info`],
        ['DELETE', `/api/system/Area/${area.id}`],
        ['PUT', `/api/system/Area/${area.id}/Actions/State`],
        ['GET', '/api/system/DictionaryType'],
        ['GET', '/api/system/DictionaryType/Selector/0'],
        ['POST', '/api/system/DictionaryType', undefined, { dictName: 'x', dictCode: `${tag}.x` }],
        ['PUT', `/api/system/DictionaryType/${dict.id}`, undefined, { dictName: '改', version: dict.version }],
        ['GET', `/api/system/DictionaryType/${dict.id}`],
        ['DELETE', `/api/system/DictionaryType/${dict.id}`],
        ['GET', `/api/system/DictionaryData/${dict.id}`],
        ['GET', `/api/system/DictionaryData/${dict.id}/Selector/0`],
        ['POST', '/api/system/DictionaryData', undefined, { dictId: dict.id, itemText: 'x', itemValue: 'x' }],
        ['PUT', `/api/system/DictionaryData/${item.id}`, undefined, { itemText: '改', version: item.version }],
        ['GET', `/api/system/DictionaryData/${item.id}/Info`],
        ['DELETE', `/api/system/DictionaryData/${item.id}`],
        ['PUT', `/api/system/DictionaryData/${item.id}/Actions/State`],
        ['GET', `/api/system/DictionaryData/${dict.id}/Action/Export`],
        ['GET', '/api/system/BillRule'],
        ['POST', '/api/system/BillRule', undefined, { fullName: 'x', enCode: `${tag}X`, digit: 3 }],
        ['PUT', `/api/system/BillRule/${rule.id}`, undefined, { prefix: 'ZZ', version: rule.version }],
        ['GET', `/api/system/BillRule/${rule.id}`],
        ['DELETE', `/api/system/BillRule/${rule.id}`],
        ['GET', '/api/system/BillRule/Selector'],
        ['PUT', `/api/system/BillRule/${rule.id}/Actions/State`],
        ['GET', `/api/system/BillRule/BillNumber/${String(rule.enCode)}`],
        ['GET', `/api/system/BillRule/${rule.id}/Action/Export`],
        ['GET', '/api/system/DataInterface'],
        ['POST', '/api/system/DataInterface', undefined, { fullName: 'x', enCode: `${tag}.x`, dataType: 2, staticData: '[]' }],
        ['PUT', `/api/system/DataInterface/${iface.id}`, undefined, { fullName: '改', version: iface.version }],
        ['GET', `/api/system/DataInterface/${iface.id}`],
        ['DELETE', `/api/system/DataInterface/${iface.id}`],
        ['PUT', `/api/system/DataInterface/${iface.id}/Actions/State`],
        ['GET', `/api/system/DataInterface/${iface.id}/Action/Export`],
        ['GET', `/api/system/DataInterfaceLog/${iface.id}`],
        ['POST', `/api/system/DataInterface/${iface.id}/Actions/Preview`, undefined, {}],
        ['GET', '/api/system/printDev'],
        ['POST', '/api/system/printDev', undefined, { fullName: 'x', enCode: `${tag}.x`, formId: 'staff.member', template: TEMPLATE }],
        ['PUT', `/api/system/printDev/${print.id}`, undefined, { fullName: '改', version: print.version }],
        ['GET', `/api/system/printDev/${print.id}`],
        ['DELETE', `/api/system/printDev/${print.id}`],
        ['PUT', `/api/system/printDev/${print.id}/Actions/State`],
        ['POST', `/api/system/printDev/${print.id}/Actions/Copy`, undefined, {}],
        ['GET', `/api/system/printDev/${print.id}/Actions/Export`],
        ['POST', '/api/system/printDev/Fields', undefined, { formId: 'staff.member' }],
      ];
    };

    /** the permission-gated calls of the jeecg-dialect families (refused with HTTP 200, code 510) */
    const jeecgCalls = (): Call[] => {
      const { category, checkRule, job } = r;
      return [
        ['GET', '/sys/dict/refleshCache'],
        ['GET', '/sys/category/list'],
        ['GET', '/sys/category/queryById', { id: category.id }],
        ['POST', '/sys/category/add', undefined, { pid: '0', name: 'x', code: `${tag}X` }],
        ['PUT', '/sys/category/edit', undefined, { id: category.id, name: '改', version: category.version }],
        ['DELETE', '/sys/category/delete', { id: category.id }],
        ['GET', '/sys/checkRule/list'],
        ['GET', '/sys/checkRule/queryById', { id: checkRule.id }],
        ['POST', '/sys/checkRule/add', undefined, { ruleName: 'x', ruleCode: `${tag}X`, ruleJson: RULE_JSON }],
        ['PUT', '/sys/checkRule/edit', undefined, { id: checkRule.id, ruleName: '改', version: checkRule.version }],
        ['DELETE', '/sys/checkRule/delete', { id: checkRule.id }],
        ['GET', '/sys/quartzJob/list'],
        ['GET', '/sys/quartzJob/queryById', { id: job.id }],
        ['POST', '/sys/quartzJob/add', undefined, { jobClassName: 'system.pruneJobLogs', cronExpression: '0 0 3 * * ? *' }],
        ['PUT', '/sys/quartzJob/edit', undefined, { id: job.id, description: '改', version: job.version }],
        ['DELETE', '/sys/quartzJob/delete', { id: job.id }],
        ['PUT', '/sys/quartzJob/resume', { id: job.id }],
        ['PUT', '/sys/quartzJob/pause', { id: job.id }],
        ['PUT', '/sys/quartzJob/execute', { id: job.id }],
        ['GET', '/sys/quartzJobLog/list'],
        ['GET', '/sys/log/list'],
        ['GET', '/sys/dataLog/list'],
        ['GET', '/sys/recycleBin/list'],
        ['PUT', '/sys/recycleBin/restore', { id: 'any' }],
        ['DELETE', '/sys/recycleBin/purge', { id: 'any' }],
      ];
    };

    it('refuses every permission-gated call to a signed-in caller without its permission, and changes nothing', async () => {
      const before = await current();
      const nobody = await userWith(t, []);
      for (const call of apiCalls()) {
        const reply = await send(nobody, call);
        expect([reply.status, reply.body?.code], label(call)).toEqual([403, 403]);
      }
      for (const call of jeecgCalls()) {
        const reply = await send(nobody, call);
        expect([reply.status, reply.body?.success, reply.body?.code], label(call)).toEqual([200, false, 510]);
      }
      expect(await current()).toEqual(before);
    });

    it('answers another tenant, holding every permission, like an unknown id on each tenant-scoped record, and changes nothing', async () => {
      const before = await current();
      const other = await userWith(t, ALL_CODES, { tenantId: 2 });
      const { rule, print, iface, category, checkRule, job } = r;
      const calls: Call[] = [
        ['GET', `/api/system/BillRule/${rule.id}`],
        ['PUT', `/api/system/BillRule/${rule.id}`, undefined, { prefix: 'ZZ', version: rule.version }],
        ['DELETE', `/api/system/BillRule/${rule.id}`],
        ['PUT', `/api/system/BillRule/${rule.id}/Actions/State`],
        ['GET', `/api/system/BillRule/${rule.id}/Action/Export`],
        ['GET', `/api/system/BillRule/BillNumber/${String(rule.enCode)}`],
        ['GET', `/api/system/printDev/${print.id}`],
        ['PUT', `/api/system/printDev/${print.id}`, undefined, { fullName: '改', version: print.version }],
        ['DELETE', `/api/system/printDev/${print.id}`],
        ['PUT', `/api/system/printDev/${print.id}/Actions/State`],
        ['POST', `/api/system/printDev/${print.id}/Actions/Copy`, undefined, {}],
        ['GET', `/api/system/printDev/${print.id}/Actions/Export`],
        ['GET', '/api/system/printDev/Data', { id: print.id, dataId: 'any' }],
        ['GET', `/api/system/DataInterface/${iface.id}`],
        ['PUT', `/api/system/DataInterface/${iface.id}`, undefined, { fullName: '改', version: iface.version }],
        ['DELETE', `/api/system/DataInterface/${iface.id}`],
        ['PUT', `/api/system/DataInterface/${iface.id}/Actions/State`],
        ['GET', `/api/system/DataInterface/${iface.id}/Action/Export`],
        ['GET', `/api/system/DataInterface/${iface.id}/Actions/Response`],
        ['GET', `/api/system/DataInterface/GetParam/${iface.id}`],
        ['GET', `/api/system/DataInterface/${iface.id}/Action/List`],
        ['GET', `/api/system/DataInterface/${iface.id}/Action/Info`, { propsValue: 'id', id: '1' }],
        ['POST', `/api/system/DataInterface/${iface.id}/Actions/Preview`, undefined, {}],
        ['GET', `/api/system/DataInterfaceLog/${iface.id}`],
        ['GET', '/sys/category/queryById', { id: category.id }],
        ['PUT', '/sys/category/edit', undefined, { id: category.id, name: '改', version: category.version }],
        ['DELETE', '/sys/category/delete', { id: category.id }],
        ['GET', '/sys/category/loadOne', { field: 'code', val: String(category.code) }],
        ['GET', '/sys/checkRule/queryById', { id: checkRule.id }],
        ['PUT', '/sys/checkRule/edit', undefined, { id: checkRule.id, ruleName: '改', version: checkRule.version }],
        ['DELETE', '/sys/checkRule/delete', { id: checkRule.id }],
        ['GET', '/sys/quartzJob/queryById', { id: job.id }],
        ['PUT', '/sys/quartzJob/edit', undefined, { id: job.id, description: '改', version: job.version }],
        ['DELETE', '/sys/quartzJob/delete', { id: job.id }],
        ['PUT', '/sys/quartzJob/pause', { id: job.id }],
      ];
      for (const call of calls) {
        const reply = await send(other, call);
        expect(reply.body?.error, `${label(call)} -> ${JSON.stringify(reply.body)}`).toBe('CL_ERR_RECORD_NOT_FOUND');
      }
      // nor do the lists and pickers show them
      const listed = JSON.stringify([
        (await other.get('/api/system/BillRule', { pageSize: 500 })).body.data,
        (await other.get('/api/system/BillRule/Selector')).body.data,
        (await other.get('/api/system/printDev', { pageSize: 500 })).body.data,
        (await other.get('/api/system/printDev/Selector')).body.data,
        (await other.get('/api/system/DataInterface', { pageSize: 500 })).body.data,
        (await other.get('/api/system/DataInterface/Selector')).body.data,
        (await other.get('/api/system/DataInterface/getList', { pageSize: 500 })).body.data,
        (await other.get('/sys/category/list', { pageSize: 500 })).body.result,
        (await other.get('/sys/category/loadTreeRoot', { async: 'false', pcode: '0' })).body.result,
        (await other.get('/sys/checkRule/list', { pageSize: 500 })).body.result,
        (await other.get('/sys/quartzJob/list', { pageSize: 500 })).body.result,
      ]);
      expect(listed).not.toContain(tag);
      expect((await other.get('/sys/checkRule/checkByCode', { ruleCode: `${tag}K`, value: 'A1' })).body).toMatchObject({
        success: false,
        message: '该编码不存在',
      });
      expect(await current()).toEqual(before);
    });

    it('refuses an unknown query parameter on every read, and an over-long id', async () => {
      const { rule, print, iface, dict, item, area, category, checkRule, job } = r;
      const reads: [string, Record<string, string>?][] = [
        ['/api/system/Area'],
        ['/api/system/Area/86'],
        ['/api/system/Area/110000/Selector/0'],
        [`/api/system/Area/${area.id}/Info`],
        ['/api/system/DictionaryType'],
        ['/api/system/DictionaryType/Selector/0'],
        [`/api/system/DictionaryType/${dict.id}`],
        [`/api/system/DictionaryData/${dict.id}`],
        ['/api/system/DictionaryData/All'],
        [`/api/system/DictionaryData/${dict.id}/Selector/0`],
        [`/api/system/DictionaryData/${dict.id}/Data/Selector`],
        [`/api/system/DictionaryData/${item.id}/Info`],
        [`/api/system/DictionaryData/${dict.id}/Action/Export`],
        ['/api/system/BillRule'],
        [`/api/system/BillRule/${rule.id}`],
        ['/api/system/BillRule/Selector'],
        [`/api/system/BillRule/BillNumber/${String(rule.enCode)}`],
        [`/api/system/BillRule/${rule.id}/Action/Export`],
        ['/api/system/DataInterface'],
        [`/api/system/DataInterface/${iface.id}`],
        ['/api/system/DataInterface/Selector'],
        [`/api/system/DataInterface/GetParam/${iface.id}`],
        [`/api/system/DataInterface/${iface.id}/Actions/Response`],
        [`/api/system/DataInterface/${iface.id}/Action/List`],
        [`/api/system/DataInterface/${iface.id}/Action/Export`],
        [`/api/system/DataInterfaceLog/${iface.id}`],
        ['/api/system/printDev'],
        [`/api/system/printDev/${print.id}`],
        ['/api/system/printDev/Selector'],
        [`/api/system/printDev/${print.id}/Actions/Export`],
        ['/api/system/printDev/Data', { id: print.id, dataId: adminId }],
        ['/sys/dict/queryAllDictItems'],
        ['/sys/dict/loadDict/sex'],
        ['/sys/dict/loadSelect', { code: 'sex' }],
        ['/sys/dict/loadDictItem/sex', { key: '1' }],
        ['/sys/dict/loadTreeData', { tableName: 'sys_category', text: 'name', code: 'id', pidField: 'pid', pid: '' }],
        ['/sys/dict/refleshCache'],
        ['/sys/category/loadTreeRoot', { pcode: '0' }],
        ['/sys/category/loadDictItem', { ids: category.id }],
        ['/sys/category/queryById', { id: category.id }],
        ['/sys/checkRule/queryById', { id: checkRule.id }],
        ['/sys/checkRule/checkByCode', { ruleCode: String(checkRule.ruleCode), value: 'A1' }],
        ['/sys/duplicate/check', { tableName: 'sys_category', fieldName: 'code', fieldVal: 'x' }],
        ['/sys/quartzJob/queryById', { id: job.id }],
        ['/sys/quartzJob/list'],
        ['/sys/quartzJobLog/list'],
        ['/sys/log/list'],
        ['/sys/dataLog/list'],
        ['/sys/recycleBin/list'],
        ['/sys/loginfo'],
        ['/sys/visitInfo'],
      ];
      for (const [url, query] of reads) {
        const given = await admin.get(url, query);
        // (the one-record exports answer the file itself, without an envelope)
        expect([given.status, given.body?.code ?? 200], `${url} as given: ${JSON.stringify(given.body).slice(0, 200)}`).toEqual([200, 200]);
        const refused = await admin.get(url, { ...query, [`nope${tag}`]: '1' });
        expect(refused.status, `${url} with an unknown parameter`).toBe(400);
        expect(JSON.stringify(refused.body)).not.toMatch(/at .*\.(ts|js):\d+/);
      }
      const long = 'x'.repeat(65);
      for (const url of [
        `/api/system/Area/${long}/Info`,
        `/api/system/DictionaryType/${long}`,
        `/api/system/DictionaryData/${long}`,
        `/api/system/DictionaryData/${long}/Info`,
        `/api/system/BillRule/${long}`,
        `/api/system/BillRule/${long}/Action/Export`,
        `/api/system/DataInterface/${long}`,
        `/api/system/DataInterface/GetParam/${long}`,
        `/api/system/printDev/${long}`,
        `/api/system/printDev/${long}/Actions/Export`,
      ]) {
        expect((await admin.get(url)).status, url).toBe(400);
      }
      // a write naming a field the model does not have is refused before anything is written
      for (const [url, body] of [
        ['/api/system/BillRule', { fullName: 'x', enCode: `${tag}N`, digit: 3, nope: 1 }],
        ['/api/system/DictionaryType', { dictName: 'x', dictCode: `${tag}.n`, nope: 1 }],
        ['/api/system/DictionaryData', { dictId: dict.id, itemText: 'x', itemValue: 'n', nope: 1 }],
        ['/api/system/printDev', { fullName: 'x', enCode: `${tag}.n`, formId: 'staff.member', template: TEMPLATE, nope: 1 }],
        ['/api/system/DataInterface', { fullName: 'x', enCode: `${tag}.n`, dataType: 2, staticData: '[]', nope: 1 }],
        ['/sys/category/add', { pid: '0', name: 'x', code: `${tag}N`, nope: 1 }],
        ['/sys/checkRule/add', { ruleName: 'x', ruleCode: `${tag}N`, ruleJson: RULE_JSON, nope: 1 }],
      ] as [string, Record<string, unknown>][]) {
        expect((await admin.post(url, body)).status, url).toBe(400);
      }
      // out-of-range values are the model's validation errors
      const digits = await admin.post('/api/system/BillRule', { fullName: 'x', enCode: `${tag}D`, digit: 13 });
      expect(digits.body).toMatchObject({ error: 'CL_ERR_VALIDATION' });
      const format = await admin.post('/api/system/BillRule', { fullName: 'x', enCode: `${tag}F`, digit: 3, dateFormat: 'HHmm' });
      expect(format.body.error).toBe('CL_ERR_VALIDATION');
      const duplicate = await admin.post('/api/system/BillRule', { fullName: 'x', enCode: String(rule.enCode), digit: 3 });
      expect(duplicate.body.code).not.toBe(200);
    });

    it('answers each family’s record shape on its one-record calls', async () => {
      const { rule, print, iface, dict, item, category, checkRule, job } = r;
      const record = { id: expect.any(String), version: expect.any(Number), createTime: expect.any(String), createBy: 'admin' };
      expect((await admin.get(`/api/system/BillRule/${rule.id}`)).body).toMatchObject({
        code: 200,
        msg: expect.any(String),
        data: { ...record, enCode: `${tag}R`, prefix: 'XJ', dateFormat: 'YYYYMM', digit: 3, startNumber: 1, enabledMark: 1, enabledMark_dictText: '启用' },
      });
      expect((await admin.get(`/api/system/printDev/${print.id}`)).body.data).toMatchObject({ ...record, formId: 'staff.member', template: TEMPLATE });
      expect((await admin.get(`/api/system/DataInterface/${iface.id}`)).body.data).toMatchObject({
        ...record,
        dataType: 2,
        dataType_dictText: expect.any(String),
      });
      expect((await admin.get(`/api/system/DictionaryType/${dict.id}`)).body.data).toMatchObject({ ...record, dictCode: `${tag}.result` });
      expect((await admin.get(`/api/system/DictionaryData/${item.id}/Info`)).body.data).toMatchObject({ ...record, dictId: dict.id, itemValue: 'pass' });
      for (const [url, row] of [
        ['/sys/category/queryById', category],
        ['/sys/checkRule/queryById', checkRule],
        ['/sys/quartzJob/queryById', job],
      ] as [string, Row][]) {
        expect((await admin.get(url, { id: row.id })).body, url).toMatchObject({ success: true, code: 200, result: { ...record, id: row.id } });
      }
      expect((await admin.get('/sys/quartzJob/queryById', { id: job.id })).body.result).toMatchObject({ status: -1, status_dictText: '停止' });
    });

    it('exports one bill rule as a JSON file of its definition, not its counter', async () => {
      const rule = r.rule;
      await admin.get(`/api/system/BillRule/BillNumber/${String(rule.enCode)}`);
      const res = await t.request({ method: 'GET', url: `/api/system/BillRule/${rule.id}/Action/Export`, token: await t.login() });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${tag}R.json"`);
      expect(JSON.parse(res.body)).toEqual({
        fullName: '巡检单号',
        enCode: `${tag}R`,
        prefix: 'XJ',
        dateFormat: 'YYYYMM',
        digit: 3,
        startNumber: 1,
        enabledMark: 1,
        sortCode: 0,
        description: null,
      });
      const reader = await userWith(t, ['system:billRule:list']);
      expect((await reader.get(`/api/system/BillRule/${rule.id}/Action/Export`)).status).toBe(403);
      expect((await admin.get('/api/system/BillRule/no-such-rule/Action/Export')).body.error).toBe('CL_ERR_RECORD_NOT_FOUND');
    });

    it('starts a bill rule’s sequence again at its start number when its date part (the reset period) changes', async () => {
      const db = t.app.ctx.db.db;
      const adapter = t.app.ctx.db.adapter;
      const code = `${tag}P`;
      await ok(admin.post('/api/system/BillRule', { fullName: '按月', enCode: code, prefix: 'M', dateFormat: 'YYYYMM', digit: 3, startNumber: 7 }), 'monthly');
      const at = (text: string) => dayjs(text).valueOf();
      const issue = (when: string) => db.transaction().execute((trx) => nextBillNumber(trx, adapter, 1, code, at(when)));
      expect(await issue('2031-01-31 23:59:58')).toBe('M203101007');
      expect(await issue('2031-01-31 23:59:59')).toBe('M203101008');
      // a new month: the sequence starts again, and runs on within the month
      expect(await issue('2031-02-01 00:00:00')).toBe('M203102007');
      expect(await issue('2031-02-15 12:00:00')).toBe('M203102008');
      // a yearly rule keeps counting across months and starts again with the year
      // (no tag in this code: the other-tenant walk looks for the tag in tenant 2's lists)
      const yearly = 'YEARLY';
      await ok(admin.post('/api/system/BillRule', { fullName: '按年', enCode: yearly, dateFormat: 'YYYY', digit: 4, startNumber: 1 }), 'yearly');
      const year = (when: string) => db.transaction().execute((trx) => nextBillNumber(trx, adapter, 1, yearly, at(when)));
      expect(await year('2031-01-31 10:00:00')).toBe('20310001');
      expect(await year('2031-12-31 10:00:00')).toBe('20310002');
      expect(await year('2032-01-01 10:00:00')).toBe('20320001');
      // another tenant's rule of the same code counts on its own
      await ensureTenant(db, 2);
      expect(await db.transaction().execute((trx) => nextBillNumber(trx, adapter, 2, yearly, at('2032-01-01 10:00:00')))).toBe('203201010001');
    });

    it('saves a seeded dictionary type back as its edit form sends it, and takes new codes in the seeds’ style', async () => {
      const seeded = (await admin.get('/api/system/DictionaryType', { dictCode: 'enabled_state' })).body.data.list[0] as Row;
      expect(seeded).toMatchObject({ dictCode: 'enabled_state' });
      const form = {
        parentId: seeded.parentId ?? null,
        dictName: seeded.dictName,
        dictCode: seeded.dictCode,
        isTree: seeded.isTree ?? 0,
        sortCode: seeded.sortCode ?? 0,
      };
      const saved = await admin.put(`/api/system/DictionaryType/${seeded.id}`, { ...form, description: '启用与禁用', version: seeded.version });
      expect(saved.body, JSON.stringify(saved.body)).toMatchObject({ code: 200, data: { dictCode: 'enabled_state', description: '启用与禁用' } });
      const fresh = await admin.post('/api/system/DictionaryType', { dictName: '样品状态', dictCode: `sample_state_${tag.toLowerCase()}` });
      expect(fresh.body, JSON.stringify(fresh.body)).toMatchObject({ code: 200 });
      // a comma would make it a table dictionary's code; spaces and leading or trailing marks are refused
      for (const dictCode of ['a,b,c', 'a b', '_lead', 'trail_', '.lead', '中文']) {
        expect((await admin.post('/api/system/DictionaryType', { dictName: 'x', dictCode })).body.error, dictCode).toBe('CL_ERR_VALIDATION');
      }
    });

    it('turns a dictionary item off and on, and removes items and types, with the options forms read following at once', async () => {
      const code = `${tag}.state`;
      const type = await ok(admin.post('/api/system/DictionaryType', { dictName: '开关项', dictCode: code }), 'type');
      const item = await ok(admin.post('/api/system/DictionaryData', { dictId: type.id, itemText: '开', itemValue: 'on' }), 'item');
      const options = async () => ((await admin.get('/sys/dict/queryAllDictItems')).body.result[code] ?? []).map((o: { value: string }) => o.value);
      expect(await options()).toEqual(['on']);
      const off = await admin.put(`/api/system/DictionaryData/${item.id}/Actions/State`);
      expect(off.body).toMatchObject({ code: 200, data: { id: item.id, status: 0 } });
      expect(await options()).toEqual([]);
      expect((await admin.get(`/api/system/DictionaryData/${type.id}/Data/Selector`)).body.data.list).toEqual([]);
      expect((await admin.put(`/api/system/DictionaryData/${item.id}/Actions/State`)).body.data.status).toBe(1);
      expect(await options()).toEqual(['on']);
      expect((await admin.del(`/api/system/DictionaryData/${item.id}`)).body.code).toBe(200);
      expect(await options()).toEqual([]);
      expect((await admin.get(`/api/system/DictionaryData/${item.id}/Info`)).body.error).toBe('CL_ERR_RECORD_NOT_FOUND');
      expect((await admin.del(`/api/system/DictionaryType/${type.id}`)).body.code).toBe(200);
      expect((await admin.get(`/api/system/DictionaryData/${type.id}`)).body.error).toBe('CL_ERR_RECORD_NOT_FOUND');
    });
  });
});
