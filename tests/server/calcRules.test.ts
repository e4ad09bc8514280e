import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, fixturePath, type TestApp } from '../helpers/testApp.js';
import { client, type Client } from './engineSupport.js';
import { multipart, workbookOf } from './xlsxSupport.js';

const matrix = await databaseMatrix();
const SPECIMENS = '/api/calcfixture/Specimen';

/** The calculation rules named by a model's `compute` (tests/fixtures/calcRuleModules), recomputed by the server. */
describe.each(matrix)('$kind: calculation rules on save and import', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;

    beforeAll(async () => {
      t = await createTestApp(kind, { extraSchemaDirs: [fixturePath('calcRuleModules')] });
      admin = client(t, await t.login());
    });
    afterAll(async () => {
      await t?.close();
    });

    const inputs = {
      setTimes: [180, 211, 150],
      strengths: [3.1, 3.41, 2.79],
      checks: [
        { value: 5, min: 5, max: 10 },
        { value: 10, min: 5, max: 10 },
      ],
      abrasionRate: 35.1,
      cbrValues: [87, 100, 112],
      consolidation: [
        { p: 100, e: 0.9 },
        { p: 200, e: 0.85 },
        { p: 400, e: 0.79 },
      ],
    };
    const expected = { setTime: 180, strength: 3.1, verdict: '合格', retest: '需重新试验', cbr: 106, compressionIndex: 0.199 };

    it('replaces tampered results with the rules’ values on create and update', async () => {
      const forged = { setTime: 1, strength: 99, verdict: '不合格', retest: '', cbr: 1, compressionIndex: 9 };
      const created = await admin.post(SPECIMENS, { specimenNo: 'S-1', ...inputs, ...forged });
      expect(created.body, JSON.stringify(created.body)).toMatchObject({ code: 200, data: expected });

      const row = created.body.data as { id: string; version: number };
      // one input changed (exactly 30 minutes now): only what depends on it moves; forged values are corrected again
      const updated = await admin.put(`${SPECIMENS}/${row.id}`, { setTimes: [180, 210, 150], cbr: 5, version: row.version });
      expect(updated.body.data).toMatchObject({ ...expected, setTime: 180 });
      const stored = (await admin.get(`${SPECIMENS}/${row.id}`)).body.data;
      expect(stored).toMatchObject({ ...expected, setTimes: [180, 210, 150] });
    });

    it('leaves results blank while the rows are incomplete', async () => {
      const created = await admin.post(SPECIMENS, {
        specimenNo: 'S-2',
        setTimes: [180, 150],
        strengths: [100, 111, 89],
        checks: [{ value: 5, min: 5 }],
        cbrValues: [88, 112],
        consolidation: [{ p: 100, e: 0.9 }],
        verdict: '合格',
      });
      expect(created.body.data).toMatchObject({ setTime: null, strength: null, verdict: '', retest: null, cbr: null, compressionIndex: null });
    });

    it('recomputes a calculated field (the form’s CalcField formula) on create and update, as the form shows it', async () => {
      const created = await admin.post(SPECIMENS, { specimenNo: 'D-1', mass: 10, volume: 4, density: 99 });
      expect(created.body, JSON.stringify(created.body)).toMatchObject({ code: 200, data: { density: 2.5 } });
      const row = created.body.data as { id: string; version: number };
      // 8.5 ÷ 4 = 2.125: exactly 5 after the second decimal goes to the even neighbour (GB/T 8170)
      const updated = await admin.put(`${SPECIMENS}/${row.id}`, { mass: 8.5, density: 1, version: row.version });
      expect(updated.body.data).toMatchObject({ mass: 8.5, volume: 4, density: 2.12 });
      // an empty operand or a division by zero gives 0, as the widget does
      expect((await admin.post(SPECIMENS, { specimenNo: 'D-2', mass: 10, density: 5 })).body.data).toMatchObject({ density: 0 });
      expect((await admin.post(SPECIMENS, { specimenNo: 'D-3', mass: 10, volume: 0, density: 5 })).body.data).toMatchObject({ density: 0 });
    });

    it('recomputes on import: a result column in the workbook is overwritten', async () => {
      const token = await t.login();
      const file = await workbookOf([
        ['试件编号', '凝结时间读数', '凝结时间', '磨耗率', '复检', '承载比读数', '承载比', '质量', '体积', '密度'],
        ['IMP-1', '[180,210,150]', 999, 20, '需重新试验', '[88,100,112]', 1, 1, 3, 7],
      ]);
      const res = await t.request({ method: 'POST', url: `${SPECIMENS}/Actions/Import`, token, ...multipart('file', 'specimens.xlsx', file) });
      expect(res.json(), res.body).toMatchObject({ code: 200, data: { successCount: 1 } });
      const found = (await admin.get(SPECIMENS, { pageSize: 100 })).body.data.list.find((r: { specimenNo: string }) => r.specimenNo === 'IMP-1');
      expect(found).toMatchObject({ setTime: 180, retest: '', cbr: 100, density: 0.33 });
    });
  });
});
