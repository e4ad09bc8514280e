import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHUNK_SIZE } from '../../server/files/chunkStore.js';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
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
