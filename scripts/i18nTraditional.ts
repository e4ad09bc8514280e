// npm run i18n:tw — writes every i18n/zh-TW.json from its sibling zh-CN.json with OpenCC (cn → twp).
// zh-TW is never edited by hand; `--check` exits 1 when a zh-TW.json is missing or stale (run by the tests).
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../server/config.js';
import { toTraditional } from '../server/i18n/toTraditional.js';

const ROOTS = ['runtime', 'src', 'designer'];

function findCatalogues(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : findCatalogues(full);
    return entry.name === 'zh-CN.json' && path.basename(dir) === 'i18n' ? [full] : [];
  });
}

function convert(value: unknown): unknown {
  if (typeof value === 'string') return toTraditional(value);
  if (Array.isArray(value)) return value.map(convert);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, convert(v)]));
  return value;
}

export function traditionalCatalogues(): { file: string; expected: string; actual: string | null }[] {
  return ROOTS.flatMap((root) => findCatalogues(path.join(PROJECT_ROOT, root))).map((source) => {
    const file = path.join(path.dirname(source), 'zh-TW.json');
    const expected = `${JSON.stringify(convert(JSON.parse(fs.readFileSync(source, 'utf8'))), null, 2)}\n`;
    return { file, expected, actual: fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null };
  });
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const { file, expected, actual } of traditionalCatalogues()) {
    if (actual === expected) continue;
    stale++;
    if (check) console.error(`stale: ${path.relative(PROJECT_ROOT, file)} (run npm run i18n:tw)`);
    else fs.writeFileSync(file, expected);
  }
  if (check && stale > 0) process.exit(1);
  console.log(`i18n:tw: ${check ? 'checked' : 'wrote'} ${stale} stale catalogue(s)`);
}
