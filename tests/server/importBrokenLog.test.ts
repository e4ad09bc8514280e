import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { multipart, workbookOf } from './xlsxSupport.js';

const matrix = await databaseMatrix();

describe.each(matrix)('$kind: an upload that cannot be read', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    const logged: Record<string, unknown>[] = [];

    beforeAll(async () => {
      t = await createTestApp(kind, { logger: { level: 'warn', stream: { write: (line: string) => logged.push(JSON.parse(line)) } } });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('answers CL_ERR_IMPORT_FILE_BROKEN as before, and logs why at warn level under the request id', async () => {
      const good = await workbookOf([
        ['账号', '姓名'],
        ['cut1', '截断'],
      ]);
      const res = await t.request({
        method: 'POST',
        url: '/api/permission/Users/ImportData',
        token: await t.login(),
        ...multipart('file', '用户.xlsx', good.subarray(0, good.length - 200)),
      });
      const body = res.json();
      expect(body).toMatchObject({ error: 'CL_ERR_IMPORT_FILE_BROKEN' });
      expect(JSON.stringify(body)).not.toMatch(/central directory|stack/i);
      const line = logged.find((entry) => entry.requestId === body.requestId);
      expect(line).toMatchObject({
        level: 40,
        code: 'CL_ERR_IMPORT_FILE_BROKEN',
        msg: 'request refused',
        err: { message: expect.any(String), stack: expect.any(String) },
      });
    });
  });
});
