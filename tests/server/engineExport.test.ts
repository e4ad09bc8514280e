import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { client, FIXTURE_ROOT, SAMPLES, tokenWith, userWith, type Client } from './engineSupport.js';
import { readWorkbook } from './xlsxSupport.js';

const matrix = await databaseMatrix();
const SAMPLE_EXPORT = '/admin/labSample/exportXls';
const INSTRUMENT_EXPORT = '/api/labfixture/Instrument/Actions/Export';

describe.each(matrix)('$kind: Excel export', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;
    let token: string;
    const ids = new Map<string, string>();

    beforeAll(async () => {
      t = await createTestApp(kind, { extraSchemaDirs: [FIXTURE_ROOT] });
      token = await t.login();
      admin = client(t, token);
      for (const sample of SAMPLES) {
        const res = await admin.post('/admin/labSample/add', sample);
        expect(res.body.success, JSON.stringify(res.body)).toBe(true);
        ids.set(sample.sampleNo, res.body.result.id);
      }
    });
    afterAll(async () => {
      await t?.close();
    });

    const exportOf = async (url: string, query: Record<string, string>, options: { lang?: string; as?: string } = {}) => {
      const res = await t.request({ method: 'GET', url, token: options.as ?? token, query, headers: options.lang ? { 'accept-language': options.lang } : {} });
      return res;
    };

    it('streams the filtered, sorted list as .xlsx: labels as headers, dictionary texts, the model title as file name', async () => {
      const res = await exportOf(SAMPLE_EXPORT, { category: 'water,soil', column: 'quantity', order: 'desc', pageNo: '1', pageSize: '10', _t: '1' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="____.xlsx"; filename*=UTF-8''${encodeURIComponent('样品登记.xlsx')}`);
      const book = await readWorkbook(res.rawPayload);
      expect(book.sheetNames).toEqual(['样品登记']);
      const rows = book.sheets.get('样品登记')!;
      expect(rows[0]).toEqual(['样品编号', '名称', '样品类别', '收样日期', '检测时间', '数量', '重量', '状态']);
      expect(rows.slice(1).map((r) => r[0])).toEqual(['T101', 'S005', 'S004', 'S003']);
      expect(rows[2]).toEqual(['S005', '黏土', '土样', '2024-01-05', '2024-01-05 12:00:00', 8, 5.5, '在检']);
      expect(rows[1]).toEqual(['T101', '砂土_1', '土样', '2024-02-01', null, 13, null, '停检']);
    });

    it('exports only the selected records, in the request’s language', async () => {
      const res = await exportOf(SAMPLE_EXPORT, { selections: `${ids.get('S002')},${ids.get('S005')}` }, { lang: 'en' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('Sample registration.xlsx')}`);
      const rows = (await readWorkbook(res.rawPayload)).sheets.get('Sample registration')!;
      // headers are the model's own module's words: labfixture says "Sample category" where visualdev,
      // listed first, says "Sample type" for the same 样品类别 (one catalogue across modules gave the latter)
      expect(rows[0]!.slice(0, 3)).toEqual(['Sample number', 'Name', 'Sample category']);
      // dictionary texts belong to no model: the shared catalogue
      const en = (zh: string) => t.app.ctx.translate(zh, 'en');
      expect(rows.slice(1).map((r) => [r[0], r[2]])).toEqual([
        ['S002', en('钢材')],
        ['S005', 'Soil'],
      ]);
    });

    it('neutralises cells that a spreadsheet would run as formulas', async () => {
      const risky = ['=HYPERLINK("x")', '+1+2', '-3', '@SUM(A1)'];
      for (const [i, name] of risky.entries()) {
        const res = await admin.post('/admin/labSample/add', { sampleNo: `F00${i}`, sampleName: name });
        expect(res.body.success, JSON.stringify(res.body)).toBe(true);
      }
      const book = await readWorkbook((await exportOf(SAMPLE_EXPORT, { sampleNo: 'F*' })).rawPayload);
      expect(book.formulas).toBe(0);
      expect(
        book.sheets
          .get('样品登记')!
          .slice(1)
          .map((r) => r[1]),
      ).toEqual(risky.map((text) => `'${text}`));
    });

    it('reads every row of a large set once, in order, through keyset batches (nulls and ties in the sort column)', async () => {
      const db = t.app.ctx.db.db;
      const total = 2_345;
      for (let start = 0; start < total; start += 500) {
        const values = Array.from({ length: Math.min(500, total - start) }, (_, k) => {
          const i = start + k;
          const day = i % 7 === 0 ? null : `2024-03-${String((i % 5) + 1).padStart(2, '0')}`;
          return sql`(${`k-${String(i).padStart(5, '0')}`}, ${'2024-01-01 00:00:00'}, 1, ${`批量仪器${i}`}, ${`SN${i}`}, ${day})`;
        });
        await sql`insert into lab_fixture_instrument (id, create_time, version, name, serial_no, calibrated_on) values ${sql.join(values)}`.execute(db);
      }
      const res = await exportOf(INSTRUMENT_EXPORT, { keyword: '批量仪器', sidx: 'calibratedOn', sort: 'desc' });
      expect(res.statusCode).toBe(200);
      const rows = (await readWorkbook(res.rawPayload)).sheets.get('仪器台账')!;
      expect(rows[0]).toEqual(['仪器名称', '出厂编号', '校准日期']);
      const data = rows.slice(1);
      expect(data).toHaveLength(total);
      expect(new Set(data.map((r) => r[1])).size).toBe(total);
      const dates = data.map((r) => (r[2] ?? null) as string | null).filter((d): d is string => d !== null);
      expect(dates).toEqual([...dates].sort().reverse());
      expect(dates).toHaveLength(total - Math.ceil(total / 7));
    });

    /** GETs an export over a real socket, reading it as a slow client does: nothing for a while, then a chunk at a time with pauses. */
    const slowDownload = (url: string, options: { abortAfterFirstChunk?: boolean } = {}) =>
      new Promise<Buffer>((resolve, reject) => {
        const { port } = t.app.server.address() as AddressInfo;
        const req = http.get({ host: '127.0.0.1', port, path: url, headers: { 'x-access-token': token } }, (res) => {
          const chunks: Buffer[] = [];
          res.pause();
          res.on('data', (chunk: Buffer) => {
            chunks.push(chunk);
            if (options.abortAfterFirstChunk) {
              req.destroy();
              resolve(Buffer.concat(chunks));
              return;
            }
            res.pause();
            setTimeout(() => res.resume(), 5);
          });
          res.on('end', () => resolve(Buffer.concat(chunks)));
          res.on('error', reject);
          setTimeout(() => res.resume(), 300);
        });
        req.on('error', (error) => (options.abortAfterFirstChunk ? undefined : reject(error)));
      });

    it('streams a large export complete and valid to a client that reads slowly, and stops for one that leaves', { timeout: 90_000 }, async () => {
      // many compressed blocks: more than the socket and the reply stream hold, so the writer waits on
      // the client and, between its batches, on the compressor (exportRecords.ts, paceSheet)
      const db = t.app.ctx.db.db;
      const total = 12_345;
      for (let start = 0; start < total; start += 500) {
        const values = Array.from({ length: Math.min(500, total - start) }, (_, k) => {
          const i = start + k;
          return sql`(${`slow-${String(i).padStart(6, '0')}`}, ${'2024-01-01 00:00:00'}, 1, ${`慢读仪器${String(i).padStart(6, '0')}`}, ${`SLOW${i}-${'x'.repeat(i % 25)}`}, ${'2024-05-01'})`;
        });
        await sql`insert into lab_fixture_instrument (id, create_time, version, name, serial_no, calibrated_on) values ${sql.join(values)}`.execute(db);
      }
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const url = `${INSTRUMENT_EXPORT}?keyword=${encodeURIComponent('慢读仪器')}&sidx=name&sort=asc`;
      const left = await slowDownload(url, { abortAfterFirstChunk: true });
      expect(left.length).toBeGreaterThan(0);
      const file = await slowDownload(url);
      const rows = (await readWorkbook(file)).sheets.get('仪器台账')!;
      expect(rows).toHaveLength(total + 1);
      expect(rows[0]).toEqual(['仪器名称', '出厂编号', '校准日期']);
      expect(rows.slice(1).map((r) => r[0])).toEqual(Array.from({ length: total }, (_, i) => `慢读仪器${String(i).padStart(6, '0')}`));
      expect(rows[total]).toEqual([`慢读仪器${String(total - 1).padStart(6, '0')}`, `SLOW${total - 1}-${'x'.repeat((total - 1) % 25)}`, '2024-05-01']);
      // the export the client left is over: the server still answers at once
      await sleep(50);
      expect((await admin.get(SAMPLE_EXPORT.replace('exportXls', 'list'))).status).toBe(200);
    });

    it('answers a bad parameter with the family’s error envelope, before any byte of a file', async () => {
      const unknown = await exportOf(SAMPLE_EXPORT, { nosuch: '1' });
      expect(unknown.json()).toMatchObject({ success: false, error: 'CL_ERR_QUERY_PARAM_UNKNOWN' });
      const tooMany = await exportOf(SAMPLE_EXPORT, { selections: Array.from({ length: 1001 }, (_, i) => `id${i}`).join(',') });
      expect(tooMany.json()).toMatchObject({ success: false, error: 'CL_ERR_QUERY_INVALID' });
      const secret = await exportOf(SAMPLE_EXPORT, { field: 'sampleNo,accessKey' });
      expect(secret.json()).toMatchObject({ success: false, error: 'CL_ERR_FIELD_UNKNOWN' });
    });

    it('needs the export permission, and exports only the caller’s tenant', async () => {
      const lister = await userWith(t, ['labfixture:sample:list', 'labfixture:instrument:list']);
      expect((await lister.get(SAMPLE_EXPORT)).body).toMatchObject({ success: false, code: 510 });
      expect((await lister.get(INSTRUMENT_EXPORT)).status).toBe(403);
      expect((await t.request({ method: 'GET', url: SAMPLE_EXPORT })).statusCode).toBe(401);

      const otherTenant = await tokenWith(t, ['labfixture:sample:export'], { tenantId: 2 });
      const res = await exportOf(SAMPLE_EXPORT, {}, { as: otherTenant });
      expect(res.statusCode).toBe(200);
      expect((await readWorkbook(res.rawPayload)).sheets.get('样品登记')).toEqual([
        ['样品编号', '名称', '样品类别', '收样日期', '检测时间', '数量', '重量', '状态'],
      ]);
    });
  });
});
