import type { FieldDef, ModelFile } from '../../runtime/model/types.js';
import { shortIdentifier } from '../db/identifiers.js';
import { columnOf } from './columnNames.js';

export interface ColumnSpec {
  name: string;
  /** a portable type: what both databases understand, or 'json' (the dialect adapter's ddl maps it) */
  type: string;
  notNull?: boolean;
  primaryKey?: boolean;
  defaultTo?: number;
}

export interface IndexSpec {
  name: string;
  columns: string[];
  unique: boolean;
  /** the model field a unique index guards (to name it in a duplicate error) */
  field?: string;
}

export interface TableSpec {
  table: string;
  tenantScoped: boolean;
  columns: ColumnSpec[];
  indexes: IndexSpec[];
  /** the columns the list's keyword search covers, served by the dialect's text index */
  keywordColumns: string[];
  /** the columns that may name stored files (FILE_KINDS), served by the dialect's file index (engine/fileReferences.ts) */
  fileColumns: string[];
}

/**
 * The field kinds whose value may name stored files: a path (file, image), an editor's text with inserted
 * images (richText), and JSON or list values (an editable table's upload cells). Declared by the field's
 * type in the model file, so every screen showing such a field is covered alike.
 */
export const FILE_KINDS: ReadonlySet<FieldDef['type']> = new Set<FieldDef['type']>(['file', 'image', 'richText', 'json', 'list']);

/** Keyword search covers the fields marked `keyword` that reads may show. */
export function isKeywordField(field: FieldDef): boolean {
  return field.keyword === true && !field.secret;
}

/** ix_/ux_<table>_<columns>, shortened with a hash to the identifier limit (identifiers.ts). */
export function indexName(prefix: 'ix' | 'ux', table: string, columns: string[]): string {
  return shortIdentifier(`${prefix}_${table}_${columns.join('_')}`);
}

const INT32_MAX = 2_147_483_647;

export function columnTypeOf(field: Pick<FieldDef, 'type' | 'maxLength' | 'minimum' | 'maximum'>): string {
  switch (field.type) {
    case 'string':
      return `varchar(${field.maxLength ?? 255})`;
    case 'json':
      // the dialect adapter's ddl maps it to the database's JSON column type, or text
      return 'json';
    case 'text':
    case 'richText':
    case 'list':
    case 'file':
    case 'image':
      return 'text';
    case 'boolean':
      return 'integer';
    case 'integer':
      // a range beyond 32 bits (epoch milliseconds) needs a 64-bit column
      return (field.maximum ?? 0) > INT32_MAX || (field.minimum ?? 0) < -INT32_MAX - 1 ? 'bigint' : 'integer';
    case 'number':
      return 'double precision';
    case 'date':
      return 'varchar(10)';
    case 'datetime':
      return 'varchar(19)';
  }
}

/**
 * The table a model needs. Declared columns are nullable even when required: required is a
 * validation rule, so adding a required field to a table that already has rows still works.
 * Sort indexes end with id because every list sorts by id last (stable pages); without it a sort
 * on a column with many equal values would need a temporary sort of all of them.
 */
export function buildTableSpec(model: ModelFile): TableSpec {
  const table = model.entity.table;
  const tenantScoped = model.entity.tenantScoped !== false;
  const scope = tenantScoped ? ['tenant_id'] : [];
  const key = model.entity.key;
  const columns: ColumnSpec[] = [
    { name: 'id', type: key?.type === 'integer' ? 'integer' : `varchar(${key?.maxLength ?? 36})`, primaryKey: true },
    ...(tenantScoped ? [{ name: 'tenant_id', type: 'integer', notNull: true }] : []),
    { name: 'create_by', type: 'varchar(64)' },
    { name: 'create_time', type: 'varchar(19)', notNull: true },
    { name: 'update_by', type: 'varchar(64)' },
    { name: 'update_time', type: 'varchar(19)' },
    { name: 'version', type: 'integer', notNull: true, defaultTo: 1 },
    ...Object.entries(model.entity.fields).map(([name, field]) => ({ name: columnOf(name), type: columnTypeOf(field) })),
  ];
  const plain = (cols: string[]): IndexSpec => {
    const all = [...scope, ...cols, 'id'];
    return { name: indexName('ix', table, all), columns: all, unique: false };
  };
  const indexes: IndexSpec[] = [plain(['create_time'])];
  const sort = model.entity.defaultSort?.field;
  if (sort && sort in model.entity.fields) indexes.push(plain([columnOf(sort)]));
  for (const fields of model.entity.indexes ?? []) indexes.push(plain(fields.map(columnOf)));
  for (const fields of model.entity.uniques ?? []) {
    const cols = fields.map(columnOf);
    indexes.push({ name: indexName('ux', table, cols), columns: cols, unique: true, field: fields[fields.length - 1] });
  }
  for (const [name, field] of Object.entries(model.entity.fields)) {
    if (!field.unique) continue;
    const cols = [...scope, columnOf(name)];
    indexes.push({ name: indexName('ux', table, cols), columns: cols, unique: true, field: name });
  }
  const keywordColumns = Object.entries(model.entity.fields)
    .filter(([, field]) => isKeywordField(field))
    .map(([name]) => columnOf(name));
  const fileColumns = Object.entries(model.entity.fields)
    .filter(([, field]) => FILE_KINDS.has(field.type) && !field.secret)
    .map(([name]) => columnOf(name));
  return { table, tenantScoped, columns, indexes: dedupe(indexes), keywordColumns, fileColumns };
}

function dedupe(indexes: IndexSpec[]): IndexSpec[] {
  const seen = new Set<string>();
  return indexes.filter((i) => !seen.has(i.name) && seen.add(i.name));
}
