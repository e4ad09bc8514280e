import { sql, type RawBuilder } from 'kysely';
import { compileExpression, type CompiledExpression } from '../../runtime/expression/index.js';
import systemFields from '../../schemas/meta/system-fields.json' with { type: 'json' };
import {
  UNPAGED_LIST_ROWS,
  type ComputedDefault,
  type FieldDef,
  type ModelFile,
  type ModelPermissionAction,
  type PatternDef,
  type Scalar,
} from '../../runtime/model/types.js';
import { isPatternName, PATTERNS, patternRegex } from '../../runtime/validation/patterns.js';
import type { RowColumn } from '../../runtime/validation/tableRows.js';
import type { DbAdapter, KeywordColumns } from '../db/dialects/DbAdapter.js';
import { columnOf } from './columnNames.js';
import { calcFieldExpressions } from './calcFields.js';
import type { BeforeDeleteHook, BeforeSaveHook, CheckImport, HookRegistry, PrepareImport, TenancyHook } from './hookRegistry.js';
import { tableFieldRules } from './tableFieldRules.js';
import { buildTableSpec, isKeywordField } from './tableSpec.js';

export interface CompiledField {
  name: string;
  column: string;
  /** the column as a SQL identifier (only ever built from model names) */
  ref: RawBuilder<unknown>;
  /** `column as "fieldName"`: rows come back keyed by field name without a result-mapping plugin */
  select: RawBuilder<unknown>;
  def: FieldDef;
  system: boolean;
  readable: boolean;
  sortable: boolean;
  filterable: boolean;
  writable: boolean;
  /** LIKE makes sense on it */
  textual: boolean;
  /** compiled pattern regex, when the field names one */
  pattern: { name: string; regex: RegExp; def: PatternDef } | null;
}

/** Everything a request needs about one model, worked out once at startup. */
export interface CompiledModel {
  model: ModelFile;
  table: RawBuilder<unknown>;
  tableName: string;
  tenantScoped: boolean;
  /** what the engine asks about the SQL dialect (paging, text search, errors) */
  adapter: DbAdapter;
  fields: Map<string, CompiledField>;
  id: CompiledField;
  tenant: CompiledField | null;
  /** a model shared by tenants: its hooks.tenancy, which bounds every read and write like `tenant` (tenancy.ts) */
  tenancy: TenancyHook | null;
  /** what reads select, in a stable order: id, declared fields, system stamps */
  readable: CompiledField[];
  selectList: RawBuilder<unknown>;
  writable: CompiledField[];
  keywordFields: CompiledField[];
  /** the keyword search's table and columns, as the text index was built for them (tableSpec.ts) */
  keywordSearch: KeywordColumns;
  /** the columns that may name stored files, and their index (engine/fileReferences.ts) */
  fileSearch: KeywordColumns;
  dictFields: CompiledField[];
  /** reference fields that name a label (`refLabel`) and no dictionary: lists show the label as <field>_dictText */
  refFields: CompiledField[];
  uniqueFields: CompiledField[];
  /** unique index name -> field, to name the field when the database reports a duplicate */
  uniqueIndexes: Map<string, CompiledField>;
  defaultSort: { field: CompiledField; order: 'asc' | 'desc' };
  /** the fields an index leads with (after the tenant) and the id: a list sorted by another field sorts every row of the set */
  indexedSorts: ReadonlySet<CompiledField>;
  /** the default page size; UNPAGED_LIST_ROWS for an unpaged list (list.page false) */
  pageSize: number;
  state: { field: CompiledField; on: Scalar; off: Scalar } | null;
  beforeSave: BeforeSaveHook | null;
  /** the beforeSave hook's bulk stage for imports (hookRegistry.ts PrepareImport), if it has one */
  prepareImport: PrepareImport | null;
  /** the beforeSave hook's cheap per-row check of import rows (hookRegistry.ts CheckImport), if it has one */
  checkImport: CheckImport | null;
  /** whether the beforeSave hook also runs before the state operation (hookRegistry.ts BeforeSaveOptions.onStateToggle) */
  beforeSaveOnStateToggle: boolean;
  /** the guard of deletes registered with the beforeSave hook (hookRegistry.ts BeforeSaveOptions.beforeDelete), if any */
  beforeDelete: BeforeDeleteHook | null;
  /** fields whose `default` is computed on create (computedDefaults.ts), writable or not */
  computedDefaults: { field: CompiledField; def: ComputedDefault }[];
  /** `compute` expressions in declaration order, then the form's calculated fields (calcFields.ts): the server recomputes them on every save */
  computes: { field: CompiledField; expression: CompiledExpression }[];
  /** json fields shown as an editable table: their rows' declared rules (tableFieldRules.ts) */
  tableRows: Map<string, RowColumn[]>;
  /** `requiredWhen` expressions: the field is required while its expression holds */
  requiredWhens: { field: CompiledField; expression: CompiledExpression }[];
  /** json and list fields: stored as text (jsonb for json where the database has it), answered parsed */
  structured: CompiledField[];
  permission(action: ModelPermissionAction): string;
}

export function isComputedDefault(def: FieldDef['default']): def is ComputedDefault {
  return typeof def === 'object' && def !== null;
}

const SYSTEM_DEFS = Object.fromEntries(Object.entries(systemFields).filter(([k]) => k !== '$comment')) as Record<string, FieldDef>;
const TEXTUAL = new Set(['string', 'text', 'date', 'datetime']);
// a JSON value has no order and no equality a filter could use (and its column type is the dialect's)
const STRUCTURED = new Set(['json', 'list']);

function compileField(name: string, def: FieldDef, system: boolean): CompiledField {
  const column = columnOf(name);
  const pattern = def.pattern && isPatternName(def.pattern) ? { name: def.pattern, regex: patternRegex(def.pattern), def: PATTERNS[def.pattern]! } : null;
  return {
    name,
    column,
    ref: sql.ref(column),
    select: sql`${sql.ref(column)} as ${sql.id(name)}`,
    def,
    system,
    readable: !def.secret,
    sortable: !def.secret && def.sortable !== false && !STRUCTURED.has(def.type),
    filterable: !def.secret && def.filterable !== false && !STRUCTURED.has(def.type),
    // a secret is write-only only when the model says so (a password on create); otherwise server-set
    writable: !system && (def.secret ? def.writable === true : def.writable !== false),
    textual: TEXTUAL.has(def.type),
    pattern,
  };
}

export function compileModel(model: ModelFile, adapter: DbAdapter, hooks: HookRegistry): CompiledModel {
  const spec = buildTableSpec(model);
  const fields = new Map<string, CompiledField>();
  const key = model.entity.key;
  const idDef: FieldDef =
    key?.type === 'integer' ? { type: 'integer', label: SYSTEM_DEFS.id!.label, minimum: 1 } : { ...SYSTEM_DEFS.id!, maxLength: key?.maxLength ?? 36 };
  const id = compileField('id', idDef, true);
  fields.set('id', id);
  const tenant = spec.tenantScoped ? compileField('tenantId', SYSTEM_DEFS.tenantId!, true) : null;
  for (const [name, def] of Object.entries(model.entity.fields)) fields.set(name, compileField(name, def, false));
  for (const name of ['createBy', 'createTime', 'updateBy', 'updateTime', 'version']) fields.set(name, compileField(name, SYSTEM_DEFS[name]!, true));
  if (tenant) fields.set('tenantId', tenant);

  const all = [...fields.values()];
  const keywordFields = all.filter((f) => !f.system && isKeywordField(f.def));
  const readable = all.filter((f) => f.readable);
  const uniqueIndexes = new Map<string, CompiledField>();
  for (const index of spec.indexes) if (index.field) uniqueIndexes.set(index.name, fields.get(index.field)!);
  const leading = new Set(spec.indexes.map((index) => index.columns.find((column) => column !== 'tenant_id')));
  const indexedSorts = new Set(all.filter((f) => f === id || leading.has(f.column)));

  const sort = model.entity.defaultSort;
  const hookName = model.hooks?.beforeSave;
  const beforeSave = hookName ? hooks.get(hookName) : undefined;
  if (hookName && !beforeSave) {
    throw new Error(`model ${model.id}: hooks.beforeSave names "${hookName}", which is not registered (registered: ${hooks.names().join(', ') || 'none'})`);
  }
  const tenancyName = model.hooks?.tenancy;
  const tenancy = tenancyName ? hooks.getTenancy(tenancyName) : undefined;
  if (tenancyName && !tenancy) throw new Error(`model ${model.id}: hooks.tenancy names "${tenancyName}", which is not a registered tenancy hook`);
  const stateDef = model.api.state;
  const stateField = stateDef ? fields.get(stateDef.field)! : null;
  const stateValue = (value: Scalar | undefined, fallback: number): Scalar => value ?? (stateField?.def.type === 'string' ? String(fallback) : fallback);

  const declared = all.filter((f) => !f.system);
  // the model was checked (checkModel.ts): every expression compiles against these names
  const names = [...fields.keys()];
  const expressionsOf = (pick: (def: FieldDef) => string | undefined) =>
    declared.flatMap((field) => {
      const text = pick(field.def);
      return text === undefined ? [] : [{ field, expression: compileExpression(text, { fields: names }) }];
    });

  return {
    model,
    table: sql.table(model.entity.table),
    tableName: model.entity.table,
    tenantScoped: spec.tenantScoped,
    adapter,
    fields,
    id,
    tenant,
    tenancy: tenancy ?? null,
    readable,
    selectList: sql.join(readable.map((f) => f.select)),
    writable: all.filter((f) => f.writable),
    keywordFields,
    keywordSearch: { table: model.entity.table, columns: spec.keywordColumns },
    fileSearch: { table: model.entity.table, columns: spec.fileColumns },
    dictFields: readable.filter((f) => f.def.dict),
    refFields: readable.filter((f) => f.def.ref && f.def.refLabel && !f.def.dict),
    uniqueFields: all.filter((f) => f.def.unique),
    uniqueIndexes,
    defaultSort: sort ? { field: fields.get(sort.field)!, order: sort.order } : { field: fields.get('createTime')!, order: 'desc' },
    indexedSorts,
    pageSize: model.list?.page === false ? UNPAGED_LIST_ROWS : (model.list?.page?.size ?? 10),
    state: stateField ? { field: stateField, on: stateValue(stateDef!.on, 1), off: stateValue(stateDef!.off, 0) } : null,
    beforeSave: beforeSave ?? null,
    prepareImport: (hookName && hooks.getPrepareImport(hookName)) || null,
    checkImport: (hookName && hooks.getCheckImport(hookName)) || null,
    beforeSaveOnStateToggle: hookName ? hooks.runsOnStateToggle(hookName) : false,
    beforeDelete: (hookName && hooks.getBeforeDelete(hookName)) || null,
    computedDefaults: declared.flatMap((field) => (isComputedDefault(field.def.default) ? [{ field, def: field.def.default }] : [])),
    computes: [
      ...expressionsOf((def) => def.compute),
      ...calcFieldExpressions(model).flatMap(({ field, expression }) => (fields.has(field) ? [{ field: fields.get(field)!, expression }] : [])),
    ],
    requiredWhens: expressionsOf((def) => def.requiredWhen),
    tableRows: tableFieldRules(model, hooks),
    structured: declared.filter((f) => STRUCTURED.has(f.def.type)),
    permission: (action) => `${model.permissions.prefix}${action}`,
  };
}
