import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formFieldItems } from '../../runtime/model/formFieldItems.js';
import { FIELD_TYPES, type ModelFile } from '../../runtime/model/types.js';
import { loadConfig } from '../../server/config.js';
import { loadModules } from '../../server/engine/loadModules.js';

// docs/examples/lab-sample is the integrators' example of format v2 (docs/model-format.md): it must
// stay valid and keep covering every kind the format has.
const ROOT = path.resolve(import.meta.dirname, '../..');
const EXAMPLES = path.join(ROOT, 'docs/examples');

describe('docs/examples/lab-sample', () => {
  it('passes npm run check:schemas -- docs/examples', () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/checkSchemas.ts', 'docs/examples'], { cwd: ROOT, encoding: 'utf8' });
    // schemas/ (system, staff) and the example module; the example's own extension of system.position among them
    expect(out).toMatch(/check:schemas: \d+ module\(s\), \d+ model\(s\), \d+ extension\(s\): all valid/);
    expect(out).not.toMatch(/^(?!check:schemas).+/m);
  });

  it('covers every part of the format', () => {
    const set = loadModules([...loadConfig().schemaDirs, EXAMPLES]);
    const models = [...set.models.values()].filter((m) => m.id.startsWith('labSample.'));
    const fields = models.flatMap((m) => Object.values(m.entity.fields));
    const items = models.flatMap((m) => formFieldItems(m.form).map((p) => p.item)).filter((i) => typeof i === 'object');
    const sample = set.models.get('labSample.sample') as ModelFile;

    expect(new Set(fields.map((f) => f.type))).toEqual(new Set(FIELD_TYPES));
    expect(fields.some((f) => f.ref && !f.multiple)).toBe(true);
    expect(fields.some((f) => f.ref && f.multiple && f.refLabel)).toBe(true);
    expect(new Set(fields.flatMap((f) => (typeof f.default === 'object' ? [f.default.computed] : [])))).toEqual(
      new Set(['billNumber', 'today', 'now', 'currentUser', 'currentDepart']),
    );
    expect(fields.some((f) => f.compute) && fields.some((f) => f.requiredWhen) && fields.some((f) => f.lookup)).toBe(true);
    expect(items.some((i) => i.visibleWhen) && items.some((i) => i.disabledWhen) && items.some((i) => i.hooks) && items.some((i) => i.span)).toBe(true);
    expect(sample.form?.tabs?.some((tab) => tab.sections?.some((s) => s.columns))).toBe(true);
    expect(models.some((m) => m.form?.sections)).toBe(true);
    expect(sample.operations?.release).toMatchObject({ target: 'record' });
    expect(sample.api.operations).toMatchObject({ import: true, export: true });
    expect(sample.list?.actions?.some((a) => typeof a === 'object' && a.hook)).toBe(true);
    expect(sample.list?.columns.some((c) => typeof c === 'object' && c.cell)).toBe(true);
    expect(sample.entity.scope).toEqual({ owner: 'registrar', department: 'departId' });
    expect(sample.hooks?.beforeSave).toBe('labSample.checkReport');
    expect(new Set(models.map((m) => m.screen?.kind ?? 'list'))).toEqual(new Set(['list', 'tree', 'form', 'query']));

    const position = set.models.get('system.position')!;
    expect(position.entity.fields).toHaveProperty('qualification');
    expect(position.operations).toHaveProperty('renewCertificate');
    expect(set.moduleOf.get('system.position')!.file.id).toBe('system');
  });
});
