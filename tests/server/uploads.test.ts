import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHUNK_SIZE } from '../../server/files/chunkStore.js';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { sql } from 'kysely';
import { newId } from '../../server/db/ids.js';
import { nowText } from '../../server/db/timestamps.js';
import { insertRole, insertUser, grant } from '../helpers/testRows.js';
import { noticeDb } from '../../server/notices/noticeTables.js';
import { tokenWith } from './engineSupport.js';
import { multipart } from './xlsxSupport.js';

// Uploads per api-contract.md and security.md rules 14-17, on both databases.
const matrix = await databaseMatrix();

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
const pdfOf = (size: number) => {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + (i >> 8)) & 0xff;
  Buffer.from('%PDF-1.7\n').copy(bytes);
  return bytes;
};
const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');

describe.each(matrix)('$kind: uploads', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let token: string;
    const filesIn = (dir: string) => {
      const full = path.join(t.app.ctx.config.dataDir, 'files', dir);
      return fs.existsSync(full) ? fs.readdirSync(full) : [];
    };
    const upload = (name: string, content: Buffer, fields: Record<string, string> = {}, as = token) =>
      t.request({ method: 'POST', url: '/sys/common/upload', token: as, ...multipart('file', name, content, fields) });
    const chunkForm = (file: Buffer, n: number, fileName: string, identifier = md5(file)) => {
      const totalChunks = Math.ceil(file.length / CHUNK_SIZE);
      const part = file.subarray((n - 1) * CHUNK_SIZE, n * CHUNK_SIZE);
      const fields = {
        identifier,
        chunkNumber: String(n),
        chunkSize: String(CHUNK_SIZE),
        currentChunkSize: String(part.length),
        totalSize: String(file.length),
        totalChunks: String(totalChunks),
        fileName,
      };
      return multipart('file', fileName, part, fields);
    };
    const check = (file: Buffer, as = token, identifier = md5(file)) =>
      t.request({
        method: 'GET',
        url: '/api/file/chunk',
        token: as,
        query: { identifier, totalSize: String(file.length), totalChunks: String(Math.ceil(file.length / CHUNK_SIZE)), chunkSize: String(CHUNK_SIZE) },
      });
    const merge = (file: Buffer, fileName: string, as = token, identifier = md5(file)) =>
      t.request({ method: 'POST', url: '/api/file/merge', token: as, payload: { identifier, fileName, fileSize: file.length, type: 'annex' } });

    beforeAll(async () => {
      t = await createTestApp(kind);
      token = await t.login();
    });
    afterAll(async () => {
      await t?.close();
    });

    it('refuses every upload route without a signed-in caller', async () => {
      expect((await t.request({ method: 'POST', url: '/sys/common/upload', ...multipart('file', 'a.png', PNG) })).statusCode).toBe(401);
      const api = await t.request({ method: 'GET', url: '/api/file/chunk', query: { identifier: md5(PNG), totalSize: '1', totalChunks: '1' } });
      expect(api.statusCode).toBe(401);
      expect(api.json()).toMatchObject({ code: 602 });
      expect((await t.request({ method: 'POST', url: '/api/file/merge', payload: {} })).statusCode).toBe(401);
    });

    it('stores an image under a generated name and serves it back to its tenant only, with nosniff', async () => {
      const res = await upload('照片.png', PNG, { biz: 'image' });
      expect(res.json()).toMatchObject({ success: true, code: 200 });
      const stored = res.json().message as string;
      expect(stored).toMatch(/^image\/[0-9a-f-]{36}\.png$/);
      const back = await t.request({ method: 'GET', url: `/sys/common/static/${stored}`, token });
      expect(back.statusCode).toBe(200);
      expect(back.rawPayload.equals(PNG)).toBe(true);
      expect(back.headers['x-content-type-options']).toBe('nosniff');
      expect(back.headers['content-type']).toBe('image/png');
      expect(back.headers['content-disposition']).toContain("filename*=UTF-8''%E7%85%A7%E7%89%87.png");
      const stranger = await tokenWith(t, [], { tenantId: 2 });
      expect((await t.request({ method: 'GET', url: `/sys/common/static/${stored}`, token: stranger, tenant: 2 })).statusCode).toBe(404);
    });

    it('serves a file of the tenant only to its uploader and to callers who may read a record naming it, in their data scope', async () => {
      const db = t.app.ctx.db.db;
      const tag = `fa${process.pid}`;
      const uploader = await tokenWith(t, []);
      const stored = (await upload('证件照.png', PNG, { biz: 'image' }, uploader)).json().message as string;
      const [bucket, name] = stored.split('/');
      const fetchAs = async (as: string) => {
        const statics = await t.request({ method: 'GET', url: `/sys/common/static/${stored}`, token: as });
        const download = await t.request({ method: 'GET', url: `/api/file/Download/${stored}`, token: as });
        const preview = await t.request({ method: 'GET', url: '/api/file/Uploader/Preview', token: as, query: { type: bucket!, name: name! } });
        return [statics.statusCode, download.statusCode, preview.statusCode];
      };
      // the uploader reads their upload before any record names it (a form shows it before saving)
      expect(await fetchAs(uploader)).toEqual([200, 200, 200]);
      const stranger = await tokenWith(t, []);
      const missing = await t.request({ method: 'GET', url: `/sys/common/static/${bucket}/${newId()}.png`, token: stranger });
      const refused = await t.request({ method: 'GET', url: `/sys/common/static/${stored}`, token: stranger });
      expect(await fetchAs(stranger)).toEqual([404, 404, 404]);
      // the same answer as for a file that does not exist
      expect(refused.json()).toMatchObject({ code: missing.json().code, error: missing.json().error });

      // a staff member whose ID photo it is: a staff lister reads it, one whose data rule leaves the member out does not
      const member = await insertUser(db, { username: `${tag}m`, password: 'Passw0rd1' });
      await db
        .updateTable('sysUser')
        .set({ avatar: stored, workNo: `${tag}W` })
        .where('id', '=', member)
        .execute();
      const lister = await tokenWith(t, ['staff:member:list']);
      expect(await fetchAs(lister)).toEqual([200, 200, 200]);
      const role = await insertRole(db, `${tag}confined`);
      await grant(db, role, ['btn:staff:member:list']);
      const rule = newId();
      await sql`insert into sys_data_rule (id, tenant_id, name, model_id, kind, field, operator, value, enabled, create_by, create_time, version)
        values (${rule}, 1, ${`${tag}rule`}, 'staff.member', 'field', 'workNo', 'eq', ${'nobody'}, 1, 'test', ${nowText()}, 1)`.execute(db);
      await sql`insert into sys_role_data_rule (id, role_id, rule_id, create_time, version) values (${newId()}, ${role}, ${rule}, ${nowText()}, 1)`.execute(db);
      await insertUser(db, { username: `${tag}c`, password: 'Passw0rd1', roleIds: [role] });
      expect(await fetchAs(await t.login(`${tag}c`, 'Passw0rd1'))).toEqual([404, 404, 404]);
      // the member reads their own photo (personal information) without the staff list
      expect(await fetchAs(await t.login(`${tag}m`, 'Passw0rd1'))).toEqual([200, 200, 200]);
      // an image inserted in an announcement: whoever may see the announcement loads it
      const notice = await tokenWith(t, []);
      const inserted = (await upload('插图.png', Buffer.concat([PNG, Buffer.from(tag)]), { biz: 'image' }, uploader)).json().message as string;
      const image = async (as: string) => (await t.request({ method: 'GET', url: `/sys/common/static/${inserted}`, token: as })).statusCode;
      expect(await image(notice)).toBe(404);
      await noticeDb(db)
        .insertInto('sysAnnouncement')
        .values({
          id: newId(),
          tenantId: 1,
          titile: `${tag}公告`,
          msgContent: `<p><img src="/sys/common/static/${inserted}"></p>`,
          sender: 'admin',
          priority: 'L',
          msgCategory: '1',
          msgType: 'ALL',
          userIds: null,
          sendStatus: '1',
          sendTime: nowText(),
          cancelTime: null,
          openType: null,
          openPage: null,
          busId: null,
          createBy: 'admin',
          createTime: nowText(),
          updateBy: null,
          updateTime: null,
        } as never)
        .execute();
      expect(await image(notice)).toBe(200);
    });

    it('decides the type by the bytes: a renamed non-PDF, HTML, SVG and unknown buckets are refused and nothing is stored', async () => {
      const before = filesIn('records').length;
      const blobs = filesIn('blobs').length;
      const renamed = await upload('report.pdf', PNG);
      expect(renamed.json()).toMatchObject({ success: false, error: 'CL_ERR_FILE_TYPE', message: '文件类型不允许或与扩展名不符：report.pdf' });
      expect((await upload('page.txt', Buffer.from('<html><script>alert(1)</script></html>'))).json()).toMatchObject({ error: 'CL_ERR_FILE_TYPE' });
      expect((await upload('logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).json()).toMatchObject({ error: 'CL_ERR_FILE_TYPE' });
      expect((await upload('noext', PNG)).json()).toMatchObject({ error: 'CL_ERR_FILE_TYPE' });
      expect((await upload('a.png', PNG, { biz: '../../etc' })).json()).toMatchObject({ success: false, code: 400 });
      expect(filesIn('records')).toHaveLength(before);
      expect(filesIn('blobs')).toHaveLength(blobs);
      expect(filesIn('tmp')).toEqual([]);
    });

    it('refuses path traversal in every file address', async () => {
      for (const url of [
        '/sys/common/static/temp/..%2F..%2F..%2Fpackage.json',
        '/sys/common/static/..%2Ffiles/records',
        '/api/file/Download/temp/..%2F..%2Frecords',
        '/api/file/Download/..%2F..%2F/package.json',
      ]) {
        const res = await t.request({ method: 'GET', url, token });
        expect([400, 404], url).toContain(res.statusCode);
      }
      const bad = await t.request({ method: 'GET', url: '/api/file/chunk', token, query: { identifier: '../../../x', totalSize: '1', totalChunks: '1' } });
      expect(bad.statusCode).toBe(400);
    });

    it('uploads in chunks (any order, re-sent harmlessly), merges with the MD5 verified, then downloads the same bytes', async () => {
      const file = pdfOf(CHUNK_SIZE * 2 + 12345);
      expect((await check(file)).json().data).toEqual({ chunkNumbers: [], merge: false, uploaded: false });
      for (const n of [3, 1, 1])
        expect((await t.request({ method: 'POST', url: '/api/file/chunk', token, ...chunkForm(file, n, 'big.pdf') })).json()).toMatchObject({ code: 200 });
      expect((await check(file)).json().data).toEqual({ chunkNumbers: [1, 3], merge: false, uploaded: false });
      expect((await merge(file, 'big.pdf')).json()).toMatchObject({ code: 400, error: 'CL_ERR_FILE_CHUNKS_MISSING' });
      await t.request({ method: 'POST', url: '/api/file/chunk', token, ...chunkForm(file, 2, 'big.pdf') });
      expect((await check(file)).json().data).toMatchObject({ chunkNumbers: [1, 2, 3], merge: true });

      const merged = (await merge(file, 'big.pdf')).json();
      expect(merged).toMatchObject({ code: 200, data: { name: 'big.pdf', fileSize: file.length, fileVersionId: md5(file) } });
      const back = await t.request({ method: 'GET', url: merged.data.url, token });
      expect(md5(back.rawPayload)).toBe(md5(file));
      expect(back.headers['content-disposition']).toMatch(/^attachment/);
    });

    it('refuses a chunk whose bytes disagree with the plan and a merge whose MD5 is wrong', async () => {
      const file = pdfOf(1000);
      const fields = { identifier: md5(file), chunkNumber: '1', chunkSize: String(CHUNK_SIZE), totalSize: '1000', totalChunks: '1' };
      const short = await t.request({ method: 'POST', url: '/api/file/chunk', token, ...multipart('file', 'small.pdf', file.subarray(0, 999), fields) });
      expect(short.json()).toMatchObject({ code: 400, error: 'CL_ERR_FILE_CHUNK_INVALID', msg: '分片参数错误：chunk 1 has 999 bytes, expected 1000' });
      const outOfRange = await t.request({
        method: 'POST',
        url: '/api/file/chunk',
        token,
        ...multipart('file', 'small.pdf', file, { ...fields, chunkNumber: '2' }),
      });
      expect(outOfRange.json()).toMatchObject({ code: 400, error: 'CL_ERR_FILE_CHUNK_INVALID' });
      expect((await check(file)).json().data.chunkNumbers).toEqual([]);

      const lying = '0'.repeat(32);
      await t.request({ method: 'POST', url: '/api/file/chunk', token, ...chunkForm(file, 1, 'small.pdf', lying) });
      expect((await merge(file, 'small.pdf', token, lying)).json()).toMatchObject({ error: 'CL_ERR_FILE_CHECKSUM', msg: '文件校验失败，请重新上传' });
      expect((await check(file, token, lying)).json().data.chunkNumbers).toEqual([]);
    });

    it('merges a file the tenant already stored at once (instant upload), but not for another tenant', async () => {
      const file = pdfOf(4096);
      await t.request({ method: 'POST', url: '/api/file/chunk', token, ...chunkForm(file, 1, 'one.pdf') });
      expect((await merge(file, 'one.pdf')).json()).toMatchObject({ code: 200 });
      expect((await check(file)).json().data).toEqual({ chunkNumbers: [], merge: true, uploaded: true });
      const again = (await merge(file, 'copy.pdf')).json();
      expect(again).toMatchObject({ code: 200, data: { name: 'copy.pdf', fileSize: 4096 } });
      expect((await merge(file, 'copy.png')).json()).toMatchObject({ error: 'CL_ERR_FILE_TYPE' });

      const other = await tokenWith(t, [], { tenantId: 2 });
      const otherCheck = await t.request({
        method: 'GET',
        url: '/api/file/chunk',
        token: other,
        tenant: 2,
        query: { identifier: md5(file), totalSize: '4096', totalChunks: '1' },
      });
      expect(otherCheck.json().data).toEqual({ chunkNumbers: [], merge: false, uploaded: false });
      const otherMerge = await t.request({
        method: 'POST',
        url: '/api/file/merge',
        token: other,
        tenant: 2,
        payload: { identifier: md5(file), fileName: 'x.pdf', fileSize: 4096 },
      });
      expect(otherMerge.json()).toMatchObject({ error: 'CL_ERR_FILE_CHUNKS_MISSING' });
      expect((await t.request({ method: 'GET', url: again.data.url, token: other, tenant: 2 })).statusCode).toBe(404);
    });

    it('previews through a short-lived ticket, inline for PDFs, never with the session token', async () => {
      const file = pdfOf(2048);
      await t.request({ method: 'POST', url: '/api/file/chunk', token, ...chunkForm(file, 1, 'view.pdf') });
      const { url } = (await merge(file, 'view.pdf')).json().data as { url: string };
      const [, , , , type, name] = url.split('/');
      const issued = (await t.request({ method: 'GET', url: '/api/file/Uploader/Preview', token, query: { type: type!, name: name! } })).json();
      expect(issued).toMatchObject({ code: 200, data: { fileName: 'view.pdf' } });
      const shown = await t.request({ method: 'GET', url: issued.data.url });
      expect(shown.statusCode).toBe(200);
      expect(shown.headers['content-disposition']).toMatch(/^inline/);
      expect(shown.headers['content-security-policy']).toContain('sandbox');
      expect((await t.request({ method: 'GET', url: '/api/file/Uploader/Preview/not-a-ticket' })).statusCode).toBe(404);
    });
  });
});
