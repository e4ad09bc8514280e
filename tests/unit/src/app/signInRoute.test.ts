import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// jsdom replaces URL, so resolve the path rather than a URL
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
// static imports and re-exports that bring code (not `import type`, not import(): those load when used)
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

/** The packages the entry (src/main.tsx) reaches through static imports, each with the project file importing it. */
function staticPackages(entry: string): Map<string, string> {
  const packages = new Map<string, string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, specifier] of fs.readFileSync(path.join(ROOT, file), 'utf8').matchAll(STATIC_IMPORT)) {
      if (specifier!.endsWith('.css') || specifier!.endsWith('.json')) continue;
      if (!specifier!.startsWith('.')) {
        if (!packages.has(specifier!)) packages.set(specifier!, file);
        continue;
      }
      const base = path.join(path.dirname(file), specifier!);
      const found = ['.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((candidate) => fs.existsSync(path.join(ROOT, candidate)));
      if (!found) throw new Error(`${file}: cannot resolve ${specifier}`);
      visit(found);
    }
  };
  visit(entry);
  return packages;
}

describe('the sign-in route (docs/client-budgets.md rule 1)', () => {
  const packages = staticPackages('src/main.tsx');

  it('finds the sign-in page on the entry’s static graph', () => {
    expect(packages.get('react-i18next')).toBeDefined();
  });

  it('loads React, i18next, valtio and icon drawings only: no antd, router, Formily or dayjs before the router', () => {
    const allowed = [/^react$/, /^react-dom\/client$/, /^react-i18next$/, /^i18next$/, /^valtio$/, /^@ant-design\/icons-svg\/es\/asn\/\w+$/];
    const others = [...packages].filter(([name]) => !allowed.some((pattern) => pattern.test(name))).map(([name, file]) => `${file} -> ${name}`);
    expect(others).toEqual([]);
  });
});
