import fs from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import modelSchema from '../../schemas/meta/model.schema.json' with { type: 'json' };
import { MODEL_FORMAT_VERSION, type ModelFile } from '../../runtime/model/types.js';
import { ModelVersionError, upgradeModel, type ModelUpgrade } from '../../runtime/model/upgradeModel.js';
import { checkModel } from '../../server/engine/checkModel.js';

// tests/fixtures/model-versions/v<N>/ holds model files as written for format version N (valid
// against that version's frozen meta-schema, model.schema.v<N>.json); v<current>/ holds what each
// of them must become once upgraded.
const ROOT = path.resolve(import.meta.dirname, '../fixtures/model-versions');
const readJson = (file: string): Record<string, unknown> => JSON.parse(fs.readFileSync(file, 'utf8'));
const current = path.join(ROOT, `v${MODEL_FORMAT_VERSION}`);
const older = fs
  .readdirSync(ROOT)
  .filter((d) => /^v\d+$/.test(d) && d !== `v${MODEL_FORMAT_VERSION}`)
  .flatMap((dir) => fs.readdirSync(path.join(ROOT, dir)).map((name) => ({ version: Number(dir.slice(1)), name, file: path.join(ROOT, dir, name) })));

describe('model format versions', () => {
  const ajv = new Ajv({ allErrors: true, strict: false });
  const validateCurrent = ajv.compile(modelSchema);

  it('has fixtures of every older version', () => {
    expect(new Set(older.map((f) => f.version))).toEqual(new Set(Array.from({ length: MODEL_FORMAT_VERSION - 1 }, (_, i) => i + 1)));
  });

  it.each(older)('v$version/$name is a valid file of its own version', ({ version, file }) => {
    const schema = readJson(path.join(ROOT, `model.schema.v${version}.json`));
    const validate = ajv.getSchema(schema.$id as string) ?? ajv.compile(schema);
    expect(validate(readJson(file)), JSON.stringify(validate.errors)).toBe(true);
  });

  it.each(older)('v$version/$name upgrades to the expected current file, which validates', ({ name, file }) => {
    const source = readJson(file);
    const before = structuredClone(source);
    const upgraded = upgradeModel(source) as ModelFile;
    const { $schema: _written, ...expected } = readJson(path.join(current, name));
    const { $schema: _source, ...actual } = upgraded as unknown as Record<string, unknown>;
    expect(actual).toEqual(expected);
    expect(source).toEqual(before);
    expect(validateCurrent(upgraded), JSON.stringify(validateCurrent.errors)).toBe(true);
    expect(checkModel(upgraded, file)).toEqual([]);
  });

  it('leaves a current file as it is', () => {
    for (const name of fs.readdirSync(current)) {
      const file = readJson(path.join(current, name));
      expect(upgradeModel(file)).toEqual(file);
    }
  });

  it('refuses a version newer than the code, a missing version and a broken upgrade chain, clearly', () => {
    const note = readJson(path.join(current, 'note.model.json'));
    const refusal = (file: unknown, upgrades?: ModelUpgrade[]) => {
      try {
        upgradeModel(file, upgrades);
      } catch (error) {
        expect(error).toBeInstanceOf(ModelVersionError);
        expect((error as ModelVersionError).path).toBe('/version');
        return (error as Error).message;
      }
      throw new Error('expected a refusal');
    };
    expect(refusal({ ...note, version: MODEL_FORMAT_VERSION + 1 })).toBe(
      `format version ${MODEL_FORMAT_VERSION + 1} is newer than this Cloudlab understands (up to ${MODEL_FORMAT_VERSION}); upgrade Cloudlab to load this file`,
    );
    expect(refusal({ ...note, version: undefined })).toMatch(/"version" must be a format version from 1 to \d+, found none/);
    expect(refusal({ ...note, version: '2' })).toMatch(/found "2"/);
    expect(refusal({ ...note, version: 1 }, [])).toBe('no upgrade from format version 1 to 2');
    expect(refusal({ ...note, version: 1 }, [{ from: 1, summary: 'forgets the version', upgrade: (m) => m }])).toBe(
      'the upgrade from format version 1 did not produce version 2',
    );
  });

  it('moves hooks.beforeWrite to hooks.beforeSave and keeps the other hooks', () => {
    const upgraded = upgradeModel({ version: 1, hooks: { beforeWrite: 'a.b', other: 'c.d' } });
    expect(upgraded).toEqual({ version: MODEL_FORMAT_VERSION, hooks: { other: 'c.d', beforeSave: 'a.b' } });
    expect(upgradeModel([1, 2])).toEqual([1, 2]);
  });
});
