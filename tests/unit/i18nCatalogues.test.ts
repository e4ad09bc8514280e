// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { traditionalCatalogues } from '../../scripts/i18nTraditional';

function keysOf(value: unknown, prefix = ''): string[] {
  if (!value || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}

const catalogues = traditionalCatalogues();

describe('i18n catalogues', () => {
  it('exist', () => {
    expect(catalogues.length).toBeGreaterThan(0);
  });

  it.each(catalogues.map((c) => [path.relative(process.cwd(), c.file), c] as const))('%s is generated from zh-CN and up to date', (_, c) => {
    expect(c.actual, 'run npm run i18n:tw').toBe(c.expected);
  });

  it.each(catalogues.map((c) => [path.relative(process.cwd(), path.dirname(c.file)), path.dirname(c.file)] as const))(
    '%s: en has exactly the keys of zh-CN',
    (_, dir) => {
      const zh = keysOf(JSON.parse(fs.readFileSync(path.join(dir, 'zh-CN.json'), 'utf8'))).sort();
      const en = keysOf(JSON.parse(fs.readFileSync(path.join(dir, 'en.json'), 'utf8'))).sort();
      expect(en).toEqual(zh);
    },
  );
});
