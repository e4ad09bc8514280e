import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileModel } from '../../server/engine/compileModel.js';
import { createHookRegistry } from '../../server/engine/hookRegistry.js';
import { mapUniqueViolation } from '../../server/engine/uniqueCheck.js';
import { AppError } from '../../server/errors.js';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { client, FIXTURE_ROOT, type Client } from './engineSupport.js';

const matrix = await databaseMatrix();

describe.each(matrix)('$kind: unique fields under races', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;
    beforeAll(async () => {
      t = await createTestApp(kind, { extraSchemaDirs: [FIXTURE_ROOT] });
      admin = client(t, await t.login());
    });
    afterAll(async () => {
      await t?.close();
    });

    it('maps the database’s own unique-index violation to the duplicate error naming the field', async () => {
      const db = t.app.ctx.db.db;
      const insert = (id: string) =>
        sql`insert into lab_fixture_sample (id, tenant_id, create_time, version, sample_no, sample_name, state) values (${id}, 1, '2024-01-01 00:00:00', 1, 'RACE', 'x', 1)`.execute(
          db,
        );
      await insert('race-1');
      const error = await insert('race-2').then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).not.toBeNull();
      const model = compileModel(t.app.ctx.modules.models.get('labfixture.sample')!, t.app.ctx.db.adapter, createHookRegistry());
      const mapped = mapUniqueViolation(error, model, { lang: 'zh-CN', translate: t.app.ctx.translate });
      expect(mapped).toBeInstanceOf(AppError);
      expect(mapped).toMatchObject({ code: 'CL_ERR_RECORD_DUPLICATE', fieldErrors: [{ field: 'sampleNo', message: '样品编号已被占用' }] });
      const other = new Error('boom');
      expect(mapUniqueViolation(other, model, { lang: 'zh-CN', translate: t.app.ctx.translate })).toBe(other);
    });

    it('lets exactly one of several concurrent creates with the same code win; the rest get the duplicate error', async () => {
      const results = await Promise.all(Array.from({ length: 6 }, (_, i) => admin.post('/admin/labSample/add', { sampleNo: 'SAME', sampleName: `并发${i}` })));
      expect(results.every((r) => r.status === 200)).toBe(true);
      expect(results.filter((r) => r.body.success)).toHaveLength(1);
      for (const r of results.filter((x) => !x.body.success))
        expect(r.body).toMatchObject({ code: 500, error: 'CL_ERR_RECORD_DUPLICATE', message: '样品编号已被占用' });
    });
  });
});
