import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The dependency arrows of architecture.md: src and designer use runtime, runtime uses neither;
// server shares only schemas/, runtime/model/ (pure: types and the field rules both sides apply),
// runtime/expression/ (the model expression language, validated on save), runtime/validation/ (the
// named patterns and their messages) and runtime/cron/ (the seven-part schedule check jobs are saved
// with) with the client; all three therefore depend on nothing but
// runtime/model/ and schemas/ (runtime/expression/ also on its parser, jsep).

// jsdom replaces URL, so resolve the path rather than a URL
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SOURCE = /\.(ts|tsx|mts|js|jsx)$/;
const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;

function sourceFiles(dir: string): string[] {
  const full = path.join(ROOT, dir);
  if (!fs.existsSync(full)) return [];
  return fs.readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(relative);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [relative] : [];
  });
}

/** Every relative import of a file, as a project path without extension. */
function relativeImports(file: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  return [...text.matchAll(IMPORT)]
    .map((match) => match[1] ?? match[2] ?? match[3] ?? '')
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => path.normalize(path.join(path.dirname(file), specifier)).replace(/\.(ts|tsx|js|jsx|mjs)$/, ''));
}

function violations(dir: string, forbidden: (target: string) => boolean): string[] {
  return sourceFiles(dir).flatMap((file) =>
    relativeImports(file)
      .filter(forbidden)
      .map((target) => `${file} -> ${target}`),
  );
}

/** Imports of npm packages by the files under dir, but those allowed (JSON files are relative imports). */
function packageImports(dir: string, ...allowed: string[]): string[] {
  return sourceFiles(dir).flatMap((file) =>
    [...fs.readFileSync(path.join(ROOT, file), 'utf8').matchAll(IMPORT)]
      .map((m) => m[1] ?? m[2] ?? m[3] ?? '')
      .filter((s) => s !== '' && !s.startsWith('.') && !allowed.includes(s))
      .map((s) => `${file} -> ${s}`),
  );
}

const isUnder = (target: string, folder: string) => target === folder || target.startsWith(`${folder}${path.sep}`);

describe('architecture: dependency arrows', () => {
  it('finds the runtime sources it checks', () => {
    expect(sourceFiles('runtime').length).toBeGreaterThan(20);
  });

  it('runtime imports nothing from src/ or designer/', () => {
    expect(violations('runtime', (target) => isUnder(target, 'src') || isUnder(target, 'designer'))).toEqual([]);
  });

  it('server imports from runtime only runtime/model/, runtime/expression/, runtime/validation/ and runtime/cron/', () => {
    const shared = [path.join('runtime', 'model'), path.join('runtime', 'expression'), path.join('runtime', 'validation'), path.join('runtime', 'cron')];
    expect(violations('server', (target) => isUnder(target, 'runtime') && !shared.some((folder) => isUnder(target, folder)))).toEqual([]);
  });

  it('runtime/model/ is pure: no imports outside itself and schemas/, no packages but JSON', () => {
    const model = path.join('runtime', 'model');
    expect(violations(model, (target) => !isUnder(target, model) && !isUnder(target, 'schemas'))).toEqual([]);
    expect(packageImports(model)).toEqual([]);
  });

  it('runtime/validation/ is pure: no imports outside itself, runtime/model/ and schemas/, no packages but JSON', () => {
    const validation = path.join('runtime', 'validation');
    expect(sourceFiles(validation).length).toBeGreaterThan(0);
    const outside = (target: string) => !isUnder(target, validation) && !isUnder(target, path.join('runtime', 'model')) && !isUnder(target, 'schemas');
    expect(violations(validation, outside)).toEqual([]);
    expect(packageImports(validation)).toEqual([]);
  });

  it('runtime/expression/ is pure: no imports outside itself and runtime/calc/, no packages but its parser', () => {
    const expression = path.join('runtime', 'expression');
    const calc = path.join('runtime', 'calc');
    expect(sourceFiles(expression).length).toBeGreaterThan(3);
    expect(violations(expression, (target) => !isUnder(target, expression) && !isUnder(target, calc))).toEqual([]);
    expect(packageImports(expression, 'jsep')).toEqual([]);
  });

  it('runtime/cron/ (the schedule check the server applies to jobs) is pure: no imports outside itself, no packages', () => {
    const cron = path.join('runtime', 'cron');
    expect(sourceFiles(cron).length).toBeGreaterThan(0);
    expect(violations(cron, (target) => !isUnder(target, cron))).toEqual([]);
    expect(packageImports(cron)).toEqual([]);
  });

  it('runtime/calc/ (the calculation rules the server shares through expressions) is pure: no imports outside itself, no packages', () => {
    const calc = path.join('runtime', 'calc');
    expect(sourceFiles(calc).length).toBeGreaterThan(3);
    expect(violations(calc, (target) => !isUnder(target, calc))).toEqual([]);
    expect(packageImports(calc)).toEqual([]);
  });

  it('designer metadata stays out of runtime (no manifest files there)', () => {
    expect(sourceFiles('runtime').filter((file) => /manifest/i.test(path.basename(file)))).toEqual([]);
  });
});
