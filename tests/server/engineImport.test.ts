import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { client, FIXTURE_ROOT, tokenWith, type Client } from './engineSupport.js';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, readWorkbook, workbookOf, zipOf } from './xlsxSupport.js';

const matrix = await databaseMatrix();
const SAMPLE_IMPORT = '/admin/labSample/importExcel';
const INSTRUMENT_IMPORT = '/api/labfixture/Instrument/Actions/Import';
const HEADER = ['样品编号', '样品名称', '样品类别', '收样日期', '数量', '状态', '备注'];

describe.each(matrix)('$kind: Excel import', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;
    let token: string;

    beforeAll(async () => {
      t = await createTestApp(kind, { extraSchemaDirs: [FIXTURE_ROOT] });
      token = await t.login();
      admin = client(t, token);
    });
    afterAll(async () => {
      await t?.close();
    });

    const upload = async (url: string, field: string, name: string, content: Buffer, as = token) => {
      const res = await t.request({ method: 'POST', url, token: as, ...multipart(field, name, content, { isSingleTableImport: 'true' }) });
      return { status: res.statusCode, body: res.json() };
    };
    const importRows = async (rows: unknown[][], as = token) => upload(SAMPLE_IMPORT, 'files[]', '样品.xlsx', await workbookOf(rows), as);
    // the numbers a case imports are its attempt's own: a retried case (CI) finds the rows of the first attempt
    let attempt = 0;
    const fresh = (letter: string) => `${letter}${++attempt}x`;
    const numbersLike = async (prefix: string) =>
      ((await admin.get('/admin/labSample/list', { sampleNo: `${prefix}*`, pageSize: 100 })).body.result.records as { sampleNo: string }[]).map(
        (r) => r.sampleNo,
      );

    it('imports a good file in one go: dictionary texts become codes, dates and numbers are read as the form would send them', async () => {
      const no = fresh('G');
      const res = await importRows([
        HEADER,
        [`${no}001`, '导入土样', '土样', new Date(Date.UTC(2024, 4, 6)), 3, '在检', '第一行'],
        [`${no}002`, '导入水样', 'water', '2024-05-07', '4', '停检', null],
        [],
        [`${no}003`, '无类别', null, null, null, null, "'=1+1"],
      ]);
      expect(res.body, JSON.stringify(res.body)).toMatchObject({
        success: true,
        code: 200,
        message: '文件导入成功！数据行数：3',
        result: { totalCount: 3, successCount: 3, errorCount: 0 },
      });
      const records = (await admin.get('/admin/labSample/list', { sampleNo: `${no}*`, pageSize: 10 })).body.result.records;
      expect(
        records.map((r: Record<string, unknown>) => [r.sampleNo, r.category, r.receivedDate, r.quantity, r.state, r.remark, r.createBy, r.tenantId]),
      ).toEqual([
        [`${no}001`, 'soil', '2024-05-06', 3, 1, '第一行', 'admin', 1],
        [`${no}002`, 'water', '2024-05-07', 4, 0, null, 'admin', 1],
        [`${no}003`, null, null, null, 1, '=1+1', 'admin', 1],
      ]);
    });

    it('imports nothing when one row is bad, and reports row, column and reason in a file only the importer can fetch', async () => {
      const no = fresh('B');
      const rows = [
        HEADER,
        [`${no}001`, '好的一行', '土样', '2024-05-06', 1, '在检', null],
        [`${no}002`, '数量超限', '火星土', '2024-13-01', 5000, '在检', null],
        [`${no}003`, null, '水样', null, 2, '在检', null],
      ];
      const res = await importRows(rows);
      expect(res.body).toMatchObject({
        success: true,
        code: 201,
        result: { totalCount: 3, errorCount: 2, successCount: 0, fileName: '样品登记导入错误报告.xlsx' },
      });
      expect(res.body.result.msg).toContain('未导入任何数据');
      expect(await numbersLike(no)).toEqual([]);

      const fileUrl: string = res.body.result.fileUrl;
      expect(fileUrl).toMatch(/^\/sys\/common\/importReport\/[0-9a-f]{32}\.xlsx$/);
      const report = await t.request({ method: 'GET', url: fileUrl, token });
      expect(report.statusCode).toBe(200);
      expect(report.headers['content-security-policy']).toContain('sandbox');
      const lines = (await readWorkbook(report.rawPayload)).sheets.get('错误报告')!;
      expect(lines[0]).toEqual(['行号', '列', '填写的值', '错误原因']);
      expect(lines.slice(1)).toEqual([
        [3, '样品类别', '火星土', '“火星土”不是「样品类别」的可选值'],
        [3, '收样日期', '2024-13-01', expect.any(String)],
        [3, '数量', '5000', '数量不能大于1000'],
        [4, '样品名称', null, '样品名称必须填写'],
      ]);

      const stranger = await tokenWith(t, ['labfixture:sample:import']);
      const theirs = await t.request({ method: 'GET', url: fileUrl, token: stranger });
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toMatchObject({ error: 'CL_ERR_IMPORT_REPORT_GONE' });
      expect((await t.request({ method: 'GET', url: fileUrl })).statusCode).toBe(401);
      expect((await t.request({ method: 'GET', url: '/sys/common/importReport/..%2F..%2Fdb.sqlite', token })).statusCode).toBe(404);

      // fixed, the same file goes in whole
      rows[2] = [`${no}002`, '数量改好', '土样', '2024-12-01', 500, '在检', null];
      rows[3] = [`${no}003`, '补上名称', '水样', null, 2, '在检', null];
      expect((await importRows(rows)).body).toMatchObject({ success: true, code: 200, result: { successCount: 3 } });
      expect(await numbersLike(no)).toEqual([`${no}001`, `${no}002`, `${no}003`]);
    });

    it('checks unique fields within the file and against the table', async () => {
      const no = fresh('U');
      expect((await admin.post('/admin/labSample/add', { sampleNo: `${no}001`, sampleName: '已存在' })).body.success).toBe(true);
      const res = await importRows([
        HEADER,
        [`${no}001`, '撞库', null, null, null, null, null],
        [`${no}002`, '第一次', null, null, null, null, null],
        [`${no}002`, '第二次', null, null, null, null, null],
      ]);
      expect(res.body).toMatchObject({ code: 201, result: { totalCount: 3, errorCount: 2 } });
      const lines = (await readWorkbook((await t.request({ method: 'GET', url: res.body.result.fileUrl, token })).rawPayload)).sheets.get('错误报告')!;
      expect(lines.slice(1)).toEqual([
        [2, '样品编号', `${no}001`, '样品编号已被占用'],
        [4, '样品编号', `${no}002`, '样品编号与第 3 行重复'],
      ]);
      expect(await numbersLike(no)).toEqual([`${no}001`]);
    });

    it('maps headers by label in any language or by field name, and refuses a header that names nothing', async () => {
      const no = fresh('E');
      const english = await importRows([
        ['Sample number', 'sampleName', '樣品類別'],
        [`${no}001`, 'English header', 'Soil'],
      ]);
      expect(english.body, JSON.stringify(english.body)).toMatchObject({ success: true, result: { successCount: 1 } });
      expect((await admin.get('/admin/labSample/list', { sampleNo: `${no}001` })).body.result.records[0]).toMatchObject({ category: 'soil' });
      const unknown = await importRows([
        ['样品编号', '样品名称', '颜色'],
        [`${no}002`, 'x', '红'],
      ]);
      expect(unknown.body).toMatchObject({ success: false, error: 'CL_ERR_IMPORT_HEADER_UNKNOWN', message: '无法识别的表头：颜色' });
      const missing = await importRows([
        ['样品编号', '数量'],
        [`${no}003`, 1],
      ]);
      expect(missing.body).toMatchObject({ success: false, error: 'CL_ERR_IMPORT_COLUMN_MISSING', message: '缺少必填列：样品名称' });
      const empty = await importRows([HEADER]);
      expect(empty.body).toMatchObject({ success: false, error: 'CL_ERR_IMPORT_EMPTY' });
    });

    it('downloads a template headed by the writable fields, with the dictionary options', async () => {
      const no = fresh('TPL');
      const res = await t.request({ method: 'GET', url: '/admin/labSample/downloadTemplate', token });
      expect(res.statusCode).toBe(200);
      const book = await readWorkbook(res.rawPayload);
      expect(book.sheetNames).toEqual(['样品登记', '填写说明']);
      expect(book.sheets.get('样品登记')).toEqual([['样品编号', '样品名称', '样品类别', '收样日期', '检测时间', '数量', '重量', '状态', '备注']]);
      const hints = book.sheets.get('填写说明')!;
      expect(hints[3]).toEqual(['样品类别', '否', '土样、水样、钢材', '']);
      expect(hints[1]).toEqual(['样品编号', '是', '', '']);
      expect(hints[4]).toEqual(['收样日期', '否', '', 'YYYY-MM-DD']);
      // the template imports as it is, once filled in
      const filled = await workbookOf([book.sheets.get('样品登记')![0]!, [`${no}01`, '模板填写', '钢材']]);
      expect((await upload(SAMPLE_IMPORT, 'files[]', 'template.xlsx', filled)).body).toMatchObject({ success: true, result: { successCount: 1 } });
    });

    it('takes the REST family’s `file` field and answers in its envelope', async () => {
      const no = fresh('RI');
      const file = await workbookOf([
        ['仪器名称', '出厂编号', '校准日期'],
        ['导入仪器', `${no}-1`, '2024-01-02'],
      ]);
      const res = await upload(INSTRUMENT_IMPORT, 'file', 'instruments.xlsx', file);
      expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200, data: { successCount: 1 } });
      const bad = await upload(
        INSTRUMENT_IMPORT,
        'file',
        'instruments.xlsx',
        await workbookOf([
          ['仪器名称', '出厂编号'],
          ['', `${no}-2`],
        ]),
      );
      expect(bad.body).toMatchObject({ code: 201, data: { totalCount: 1, errorCount: 1, successCount: 0 } });
      const wrongField = await upload(INSTRUMENT_IMPORT, 'files[]', 'instruments.xlsx', file);
      expect(wrongField.status).toBe(400);
    });

    it('needs the import permission for the import and its template', async () => {
      const no = fresh('P');
      const lister = await tokenWith(t, ['labfixture:sample:list', 'labfixture:sample:add', 'labfixture:sample:export']);
      expect((await importRows([HEADER, [`${no}001`, 'x']], lister)).body).toMatchObject({ success: false, code: 510 });
      expect((await t.request({ method: 'GET', url: '/admin/labSample/downloadTemplate', token: lister })).json()).toMatchObject({ code: 510 });
      const anonymous = await t.request({ method: 'POST', url: SAMPLE_IMPORT, ...multipart('files[]', 'a.xlsx', await workbookOf([HEADER])) });
      expect(anonymous.statusCode).toBe(401);
      const importer = await tokenWith(t, ['labfixture:sample:import'], { tenantId: 3 });
      expect((await importRows([HEADER, [`${no}002`, '他租户']], importer)).body).toMatchObject({ success: true });
      expect(await numbersLike(no)).toEqual([]);
    });

    it('refuses zip bombs, oversized files and anything but an .xlsx workbook, each with a clear message', async () => {
      const refusal = async (name: string, content: Buffer) => (await upload(SAMPLE_IMPORT, 'files[]', name, content)).body;
      const types = { name: '[Content_Types].xml', data: Buffer.from('<Types/>') };
      // an entry that unpacks past the limit (101 MB) is refused from the zip's directory, before anything is inflated
      const bomb = zipOf([types, { name: 'xl/workbook.xml', data: Buffer.alloc(1024 * 1024), declaredSize: 101 * 1024 * 1024 }]);
      expect(bomb.length).toBeLessThan(10 * 1024);
      expect(await refusal('bomb.xlsx', bomb)).toMatchObject({ success: false, error: 'CL_ERR_IMPORT_FILE_UNSAFE' });
      // a bomb that lies about its size is caught while inflating, past the size it declared
      const liar = zipOf([types, { name: 'xl/workbook.xml', data: Buffer.alloc(2 * 1024 * 1024), declaredSize: 1000 }]);
      expect(await refusal('liar.xlsx', liar)).toMatchObject({ error: 'CL_ERR_IMPORT_FILE_UNSAFE' });
      const crowded = zipOf(Array.from({ length: 300 }, (_, i) => ({ name: `xl/part${i}.xml`, data: Buffer.from('<x/>') })));
      expect(await refusal('crowded.xlsx', crowded)).toMatchObject({
        error: 'CL_ERR_IMPORT_FILE_UNSAFE',
        message: '文件结构异常（条目过多或解压后过大），已拒绝导入',
      });

      expect(await refusal('big.xlsx', randomBytes(10 * 1024 * 1024 + 1))).toMatchObject({
        error: 'CL_ERR_IMPORT_FILE_TOO_LARGE',
        message: '导入文件不能超过 10 MB',
      });
      expect(await refusal('notes.txt', await workbookOf([HEADER]))).toMatchObject({
        error: 'CL_ERR_IMPORT_FILE_TYPE',
        message: '只能导入 .xls 或 .xlsx 格式的 Excel 文件',
      });
      const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(100)]);
      expect(await refusal('picture.xlsx', png)).toMatchObject({ error: 'CL_ERR_IMPORT_FILE_TYPE' });
      const legacy = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), randomBytes(100)]);
      expect(await refusal('old.xls', legacy)).toMatchObject({ error: 'CL_ERR_IMPORT_LEGACY_XLS' });
      expect(await refusal('plain.xlsx', zipOf([types, { name: 'word/document.xml', data: Buffer.from('<w/>') }]))).toMatchObject({
        error: 'CL_ERR_IMPORT_FILE_TYPE',
      });
      const good = await workbookOf([HEADER, ['Z001', '截断']]);
      expect(await refusal('cut.xlsx', good.subarray(0, good.length - 200))).toMatchObject({ error: 'CL_ERR_IMPORT_FILE_BROKEN' });
      const json = await t.request({ method: 'POST', url: SAMPLE_IMPORT, token, payload: { file: 'x' } });
      expect(json.json()).toMatchObject({ error: 'CL_ERR_IMPORT_FILE_MISSING', message: '请选择要导入的 Excel 文件' });
      expect(await numbersLike('Z')).toEqual([]);
    });
  });
});
