import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// docs/client-budgets.md rule 3: Formily loads with the first form. A list page shows none until a dialog opens,
// so the modules it loads statically (not `import type`, not `import()`) must not reach @formily/*: one such
// import puts ~50 KB gzip back into every list page (measured with npm run bench:client).

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const ROOTS = ['runtime/createRuntime.ts', 'runtime/render/ModelPage.tsx', 'runtime/render/list/ListPage.tsx'];
// the whole first screen of a list page: the app area (layout, runtime, the app's hooks) and the list
const FIRST_SCREEN = ['src/layout/AppArea.tsx', ...ROOTS];
// antd components only something opened shows (a dialog's form or tree, a number box of a search bar that
// has one): ~5–15 KB gzip each on every list page when imported statically (docs/client-budgets.md rule 2)
const OPENED_ONLY = ['Form', 'InputNumber', 'Tree', 'DatePicker', 'Cascader', 'Upload', 'TreeSelect', 'ColorPicker', 'Transfer'];

function resolveLocal(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The specifiers a file imports at run time: type-only imports and exports, and dynamic imports, left out. */
function staticImports(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      const bindings = clause?.namedBindings;
      const onlyTypes = clause && !clause.name && bindings && ts.isNamedImports(bindings) && bindings.elements.every((e) => e.isTypeOnly);
      if (!onlyTypes) found.push(statement.moduleSpecifier.text);
    }
    if (ts.isExportDeclaration(statement) && !statement.isTypeOnly && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) {
      found.push(statement.moduleSpecifier.text);
    }
  }
  return found;
}

/** The names a file imports from `pkg` at run time (`import { A, type B } from 'pkg'` → ['A']). */
function namedImports(file: string, pkg: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  return source.statements.flatMap((statement) => {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier) || statement.moduleSpecifier.text !== pkg) return [];
    const bindings = statement.importClause?.isTypeOnly ? undefined : statement.importClause?.namedBindings;
    return bindings && ts.isNamedImports(bindings) ? bindings.elements.filter((e) => !e.isTypeOnly).map((e) => (e.propertyName ?? e.name).text) : [];
  });
}

/** Every package a root reaches through static imports, with one path that reaches it. */
function packagesReached(roots: string[], files?: Map<string, string[]>): Map<string, string[]> {
  const reached = new Map<string, string[]>();
  const seen = new Set<string>();
  const visit = (file: string, trail: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    files?.set(file, trail);
    for (const specifier of staticImports(file)) {
      if (specifier.startsWith('.')) {
        const local = resolveLocal(file, specifier);
        if (local && /\.tsx?$/.test(local)) visit(local, [...trail, path.relative(ROOT, local)]);
      } else if (!reached.has(specifier)) {
        reached.set(specifier, trail);
      }
    }
  };
  for (const root of roots) visit(path.join(ROOT, root), [root]);
  return reached;
}

describe('the list page static graph', () => {
  it('reaches no @formily package (Formily loads with the first form)', () => {
    const formily = [...packagesReached(ROOTS)].filter(([name]) => name.startsWith('@formily/')).map(([name, trail]) => `${name} via ${trail.join(' > ')}`);
    expect(formily).toEqual([]);
  });

  it('imports no antd component that only an opened dialog or a rarer search widget shows', () => {
    const files = new Map<string, string[]>();
    packagesReached(FIRST_SCREEN, files);
    const found = [...files].flatMap(([file, trail]) =>
      namedImports(file, 'antd')
        .filter((name) => OPENED_ONLY.includes(name))
        .map((name) => `${name} via ${trail.join(' > ')}`),
    );
    expect(found).toEqual([]);
  });
});
