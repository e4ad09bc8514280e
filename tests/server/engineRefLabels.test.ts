import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { client, labfixtureCopy, removeLabfixtureCopies, userWith, type Client } from './engineSupport.js';

const matrix = await databaseMatrix();
const INSTRUMENTS = '/api/labfixture/Instrument';
const SAMPLE_CODES = ['labfixture:sample:add', 'labfixture:sample:list'];

// the instrument (shared by every tenant) names samples (one tenant's each) through two references
const withReferences = () =>
  labfixtureCopy(({ models }) => {
    const fields = models['instrument.model.json']!.entity.fields;
    fields.sampleId = { type: 'string', label: '样品', maxLength: 36, ref: 'labfixture.sample', refLabel: 'sampleName' };
    fields.sampleIds = { type: 'string', label: '相关样品', maxLength: 500, ref: 'labfixture.sample', multiple: true, refLabel: 'sampleName' };
    models['instrument.model.json']!.list = { columns: ['name', 'sampleId', 'sampleIds'] };
  });

describe.each(matrix)('$kind: reference fields answer their target’s label as <field>_dictText', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;
    const samples = new Map<string, string>();

    beforeAll(async () => {
      t = await createTestApp(kind, { extraSchemaDirs: [withReferences()] });
      admin = client(t, await t.login());
      for (const [sampleNo, sampleName] of [
        ['R1', '钢筋'],
        ['R2', '河砂'],
      ] as const) {
        const res = await admin.post('/admin/labSample/add', { sampleNo, sampleName });
        expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true });
        samples.set(sampleNo, res.body.result.id);
      }
      const other = await userWith(t, SAMPLE_CODES, { tenantId: 2 });
      const foreign = await other.post('/admin/labSample/add', { sampleNo: 'X1', sampleName: '别家样品' });
      expect(foreign.body, JSON.stringify(foreign.body)).toMatchObject({ success: true });
      samples.set('X1', foreign.body.result.id);
    });
    afterAll(async () => {
      await t?.close();
      removeLabfixtureCopies();
    });

    it('shows one label, several labels in the stored order, and nothing for an empty reference', async () => {
      const [r1, r2] = [samples.get('R1')!, samples.get('R2')!];
      const created = await admin.post(INSTRUMENTS, { name: '压力机', sampleId: r1, sampleIds: `${r2},${r1}` });
      expect(created.body.data).toMatchObject({ sampleId: r1, sampleId_dictText: '钢筋', sampleIds_dictText: '河砂,钢筋' });
      await admin.post(INSTRUMENTS, { name: '天平' });
      const list = await admin.get(INSTRUMENTS, { pageSize: 50 });
      const byName = new Map<string, Record<string, unknown>>(list.body.data.list.map((row: { name: string }) => [row.name, row]));
      expect(byName.get('压力机')).toMatchObject({ sampleId_dictText: '钢筋', sampleIds_dictText: '河砂,钢筋' });
      expect(byName.get('天平')).toMatchObject({ sampleId: null, sampleId_dictText: '', sampleIds_dictText: '' });
      const one = await admin.get(`${INSTRUMENTS}/${created.body.data.id}`);
      expect(one.body.data).toMatchObject({ sampleIds_dictText: '河砂,钢筋' });
    });

    // renames a sample of its own: the cases run in a random order, and renaming R2 changed the labels the first case expects
    it('follows a renamed target at the next read', async () => {
      const added = await admin.post('/admin/labSample/add', { sampleNo: 'R3', sampleName: '碎石' });
      expect(added.body, JSON.stringify(added.body)).toMatchObject({ success: true });
      const r3 = added.body.result.id as string;
      const created = await admin.post(INSTRUMENTS, { name: '烘箱', sampleId: r3 });
      expect(created.body.data.sampleId_dictText).toBe('碎石');
      const { version } = (await admin.get('/admin/labSample/queryById', { id: r3 })).body.result;
      const renamed = await admin.put('/admin/labSample/edit', { id: r3, version, sampleName: '机制砂' });
      expect(renamed.body, JSON.stringify(renamed.body)).toMatchObject({ success: true });
      expect((await admin.get(`${INSTRUMENTS}/${created.body.data.id}`)).body.data.sampleId_dictText).toBe('机制砂');
    });

    it('never shows another tenant’s record: its id stays as stored, and an unknown id likewise', async () => {
      const foreign = samples.get('X1')!;
      const created = await admin.post(INSTRUMENTS, { name: '振动台', sampleId: foreign, sampleIds: `${samples.get('R1')},no-such-id` });
      const row = (await admin.get(`${INSTRUMENTS}/${created.body.data.id}`)).body.data;
      expect(row.sampleId_dictText).toBe(foreign);
      expect(JSON.stringify(row)).not.toContain('别家样品');
      expect(row.sampleIds_dictText).toBe('钢筋,no-such-id');
    });
  });
});
