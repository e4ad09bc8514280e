import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { columnOf } from '../../server/engine/columnNames.js';
import { loadModules } from '../../server/engine/loadModules.js';
import { buildTableSpec, columnTypeOf } from '../../server/engine/tableSpec.js';
import { STAFF_COLUMNS } from '../fixtures/legacy-migrations/0001_core.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCHEMA_FILE = path.join(ROOT, 'server', 'db', 'schema.ts');

type Kind = 'string' | 'number';

/** interface name -> column (snake_case) -> kind, read from server/db/schema.ts with the TypeScript parser. */
function readInterfaces(): Map<string, { columns: Map<string, Kind>; parts: string[] }> {
  const source = ts.createSourceFile(SCHEMA_FILE, fs.readFileSync(SCHEMA_FILE, 'utf8'), ts.ScriptTarget.Latest, true);
  const out = new Map<string, { columns: Map<string, Kind>; parts: string[] }>();
  source.forEachChild((node) => {
    if (!ts.isInterfaceDeclaration(node)) return;
    const columns = new Map<string, Kind>();
    const parts: string[] = [];
    for (const member of node.members) {
      if (!ts.isPropertySignature(member) || !member.type) continue;
      const name = member.name.getText(source);
      const text = member.type.getText(source);
      columns.set(columnOf(name), /\bnumber\b/.test(text) ? 'number' : 'string');
      parts.push(`${name}=${text}`);
    }
    out.set(node.name.text, { columns, parts });
  });
  return out;
}

function kindOfColumnType(type: string): Kind {
  return /^(integer|bigint|double precision)$/.test(type) ? 'number' : 'string';
}

describe('server/db/schema.ts agrees with the models that own the core tables', () => {
  const interfaces = readInterfaces();
  const database = interfaces.get('Database')!;
  const modules = loadModules([path.join(ROOT, 'schemas')]);
  const byTable = new Map([...modules.models.values()].map((m) => [m.entity.table, m]));
  const tables = database.parts.map((p) => {
    const [key, type] = p.split('=') as [string, string];
    return { table: columnOf(key), interfaces: type.split('&').map((t) => t.trim()) };
  });

  it('names only model tables, besides the engine bookkeeping', () => {
    const notModels = tables.filter((t) => !byTable.has(t.table)).map((t) => t.table);
    expect(notModels.sort()).toEqual([
      'sys_column_setting',
      'sys_login_attempt',
      'sys_model',
      'sys_security_log',
      'sys_session',
      'sys_visualdev_backup',
      'sys_visualdev_version',
    ]);
  });

  it.each(tables.filter((t) => byTable.has(t.table)))('$table: same columns, same kinds', ({ table, interfaces: names }) => {
    const declared = new Map<string, Kind>();
    for (const name of names) for (const [column, kind] of interfaces.get(name)!.columns) declared.set(column, kind);
    const spec = buildTableSpec(byTable.get(table)!);
    const modelled = new Map(spec.columns.map((c) => [c.name, kindOfColumnType(c.type)]));
    expect(Object.fromEntries([...declared].sort())).toEqual(Object.fromEntries([...modelled].sort()));
  });

  it('keeps every staff column the old migration made, with its kind, declared by the staff extension alone', () => {
    const staff = interfaces.get('StaffUserColumns')!.columns;
    const extension = modules.modules.find((m) => m.file.id === 'staff')!.extensions.find((e) => e.extends === 'system.user')!;
    const fromExtension = new Map(Object.entries(extension.entity!.fields!).map(([name, field]) => [columnOf(name), kindOfColumnType(columnTypeOf(field))]));
    // the extension may add columns (departIds, post); it never drops or retypes one an existing database holds
    expect(Object.fromEntries([...staff].sort())).toEqual(Object.fromEntries([...fromExtension].sort()));
    for (const [name, type] of STAFF_COLUMNS) expect([name, fromExtension.get(name)]).toEqual([name, kindOfColumnType(type)]);
    // the system module's own user model names none of them
    const own = JSON.parse(fs.readFileSync(path.join(ROOT, 'schemas', 'system', 'models', 'user.model.json'), 'utf8')) as { entity: { fields: object } };
    expect(
      Object.keys(own.entity.fields)
        .map(columnOf)
        .filter((c) => STAFF_COLUMNS.some(([name]) => name === c)),
    ).toEqual([]);
  });
});
