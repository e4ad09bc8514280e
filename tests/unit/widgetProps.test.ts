// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { createDefaultFieldRegistry } from '../../runtime/fields/defaultFields';

// schemas/meta/widget-props/<Name>.schema.json is the props contract of one widget: every model that
// names the widget passes its x-component-props through it, and every contract belongs to a widget.
const ROOT = path.resolve(import.meta.dirname, '../..');
const PROPS_DIR = path.join(ROOT, 'schemas/meta/widget-props');
const MODEL_ROOTS = ['schemas', 'tests/fixtures/modules', 'docs/examples'];

function modelFiles(dir: string): string[] {
  const full = path.join(ROOT, dir);
  if (!fs.existsSync(full)) return [];
  return fs.readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return modelFiles(relative);
    return entry.name.endsWith('.model.json') ? [relative] : [];
  });
}

/** Every object carrying an 'x-component', anywhere in a model. */
function placements(value: unknown, into: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(value)) value.forEach((item) => placements(item, into));
  else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record['x-component'] === 'string') into.push(record);
    Object.values(record).forEach((child) => placements(child, into));
  }
  return into;
}

const ajv = new Ajv({ allErrors: true, strict: false });
const contracts = new Map(
  fs
    .readdirSync(PROPS_DIR)
    .filter((file) => file.endsWith('.schema.json'))
    .map((file) => [file.replace(/\.schema\.json$/, ''), ajv.compile(JSON.parse(fs.readFileSync(path.join(PROPS_DIR, file), 'utf8')))] as const),
);

describe('widget props contracts (schemas/meta/widget-props)', () => {
  it('belong to registered widgets', () => {
    const registered = createDefaultFieldRegistry().names();
    expect(contracts.size).toBeGreaterThan(0);
    expect([...contracts.keys()].filter((name) => !registered.includes(name))).toEqual([]);
  });

  it('admit the x-component-props of every model that names their widget, and each widget is used by one', () => {
    const used = new Set<string>();
    const problems = MODEL_ROOTS.flatMap(modelFiles).flatMap((file) =>
      placements(JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'))).flatMap((item) => {
        const name = item['x-component'] as string;
        const validate = contracts.get(name);
        if (!validate) return [];
        used.add(name);
        return validate(item['x-component-props'] ?? {}) ? [] : [`${file}: ${name}: ${ajv.errorsText(validate.errors)}`];
      }),
    );
    expect(problems).toEqual([]);
    expect([...contracts.keys()].filter((name) => !used.has(name))).toEqual([]);
  });

  it('refuses props a widget does not take', () => {
    const calc = contracts.get('CalcField')!;
    expect(calc({ formula: 'a × b' })).toBe(true);
    expect(calc({})).toBe(false);
    expect(calc({ formula: 'alert`1`' })).toBe(false);
    expect(contracts.get('AreaPicker')!({ depth: 4 })).toBe(false);
    expect(contracts.get('DictSearchSelect')!({ dict: 'users; drop table x,a,b' })).toBe(false);
  });
});
