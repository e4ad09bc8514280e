import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { client, labfixtureCopy, removeLabfixtureCopies, type Client } from './engineSupport.js';

// A model field naming an editable-table pattern code (runtime/validation/patterns.ts) is checked by the
// server's model validation with the code's message, like the named patterns.
const matrix = await databaseMatrix();

describe.each(matrix)('$kind: pattern codes in model validation', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;
    beforeAll(async () => {
      const root = labfixtureCopy(({ models }) => {
        const fields = models['sample.model.json']!.entity.fields;
        Object.assign(fields.remark!, { pattern: 'money' });
        Object.assign(fields.checkedBy!, { pattern: 'n6-16', writable: true });
      });
      t = await createTestApp(kind, { extraSchemaDirs: [root] });
      admin = client(t, await t.login());
    });
    afterAll(async () => {
      await t?.close();
      removeLabfixtureCopies();
    });

    it('refuses values that break the codes, with their messages, and stores the ones that fit', async () => {
      const bad = await admin.post('/admin/labSample/add', { sampleNo: 'PC1', sampleName: '金额', remark: '12.345', checkedBy: '12345' });
      expect(bad.body.success, JSON.stringify(bad.body)).toBe(false);
      expect(bad.body.result.errors).toEqual([
        { field: 'remark', message: '请输入正确的金额!' },
        { field: 'checkedBy', message: '请输入6到18位数字!' },
      ]);
      expect(bad.body.message).toBe('请输入正确的金额!；请输入6到18位数字!');
      const good = await admin.post('/admin/labSample/add', { sampleNo: 'PC2', sampleName: '金额', remark: '12.34', checkedBy: '123456' });
      expect(good.body, JSON.stringify(good.body)).toMatchObject({ success: true });
    });
  });
});
