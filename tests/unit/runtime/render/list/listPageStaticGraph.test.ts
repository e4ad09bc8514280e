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

/** Every package a root reaches through static imports, with one path that reaches it. */
function packagesReached(roots: string[]): Map<string, string[]> {
  const reached = new Map<string, string[]>();
  const seen = new Set<string>();
  const visit = (file: string, trail: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
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
});
