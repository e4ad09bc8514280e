import systemFields from '../../schemas/meta/system-fields.json' with { type: 'json' };
import { familyOf } from '../../runtime/model/familyOf.js';
import { formFieldItems } from '../../runtime/model/formFieldItems.js';
import type { FormDef, ModelFile } from '../../runtime/model/types.js';
import { calcFieldProblems } from './calcFields.js';
import { checkExpression } from './checkExpression.js';
import { namedOperationRoute } from './namedOperations.js';
import { checkField, SEARCHABLE_TYPES } from './checkField.js';
import { checkListRows } from './checkListRows.js';
import { survivesColumnRoundTrip } from './columnNames.js';

/** One problem in one file, located by JSON pointer. */
export interface SchemaProblem {
  file: string;
  path: string;
  message: string;
}

type Report = (path: string, message: string) => void;

export const SYSTEM_FIELD_NAMES = Object.keys(systemFields).filter((k) => k !== '$comment');

function fieldNameOf(item: string | { field: string }): string {
  return typeof item === 'string' ? item : item.field;
}

/**
 * The rules JSON Schema cannot say: references between parts of one model (columns name fields,
 * indexes name fields, …), type-consistency of field constraints, and expressions. Cross-model rules
 * (refs, tabs, query sources, extensions) live in loadModules.ts.
 */
export function checkModel(model: ModelFile, file: string): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const report: Report = (path, message) => problems.push({ file, path, message });
  const fields = model.entity.fields;
  const known = (name: string) => name in fields || SYSTEM_FIELD_NAMES.includes(name);
  const readable = (name: string) => known(name) && !fields[name]?.secret;
  const names = [...Object.keys(fields), ...SYSTEM_FIELD_NAMES];
  const expression = (path: string, source: string | undefined) => {
    if (source !== undefined) for (const message of checkExpression(source, names)) report(path, message);
  };

  for (const [name, field] of Object.entries(fields)) {
    checkField(name, field, report);
    expression(`/entity/fields/${name}/compute`, field.compute);
    expression(`/entity/fields/${name}/requiredWhen`, field.requiredWhen);
    // the column is the CamelCasePlugin's snake_case of the name; rows come back camelCased
    if (!survivesColumnRoundTrip(name))
      report(`/entity/fields/${name}`, `field name "${name}" does not survive the snake_case column mapping (avoid consecutive capitals)`);
  }

  for (const part of ['indexes', 'uniques'] as const) {
    (model.entity[part] ?? []).forEach((columns, i) =>
      columns.forEach((name, j) => {
        if (!known(name)) report(`/entity/${part}/${i}/${j}`, `index names unknown field "${name}"`);
        else if (name === 'tenantId' && model.entity.tenantScoped === false)
          report(`/entity/${part}/${i}/${j}`, 'tenantId exists only on tenant-scoped models');
      }),
    );
  }
  const sort = model.entity.defaultSort;
  if (sort && !readable(sort.field)) report('/entity/defaultSort/field', `unknown field "${sort.field}"`);
  for (const [role, name] of Object.entries(model.entity.scope ?? {})) {
    if (!readable(name)) report(`/entity/scope/${role}`, `unknown field "${name}"`);
  }
  // tenant_id already says which tenant a row of a tenant-scoped model belongs to
  if (model.hooks?.tenancy && model.entity.tenantScoped !== false)
    report('/hooks/tenancy', 'a tenancy hook is for models that are not tenant-scoped (entity.tenantScoped: false)');

  checkApi(model, report);
  checkOperations(model, report);
  // an operation list's columns may name the fields of its rows too (version 13)
  const rowFields = model.list?.rows?.fields ?? {};
  for (const [name, field] of Object.entries(rowFields)) checkField(name, field, report, `/list/rows/fields/${name}`);
  checkList(model, (name) => readable(name) || name in rowFields, report);
  checkListRows(model, known, report);
  checkForm(model, report, expression);
  checkScreen(model, readable, report);
  return problems;
}

/** The accounts' table: the one whose record ids are user ids, so "the caller's own record" means something. */
export const ACCOUNT_TABLE = 'sys_user';

/** api.self: only on the accounts' table, writing declared writable fields, and update only with something to write. */
function checkSelf(model: ModelFile, report: Report): void {
  const self = model.api.self;
  if (!self) return;
  if (model.entity.table !== ACCOUNT_TABLE) report('/api/self', `self-service needs the accounts' table (${ACCOUNT_TABLE}), whose ids are user ids`);
  (self.writable ?? []).forEach((name, i) => {
    const field = model.entity.fields[name];
    if (!field || field.secret || field.writable === false) report(`/api/self/writable/${i}`, `unknown or unwritable field "${name}"`);
  });
  if (self.operations.includes('update') && !self.writable?.length) report('/api/self/writable', 'a self-service update needs the fields it may write');
}

function checkApi(model: ModelFile, report: Report): void {
  const fields = model.entity.fields;
  const family = model.api.dialect === 'api' ? 'api' : 'jeecg';
  if (familyOf(model.api.base) !== family) {
    report(
      '/api/base',
      `base "${model.api.base}" is not in the ${model.api.dialect} family (${family === 'api' ? '/api/…' : '/sys, /system, /admin, /online, /app'})`,
    );
  }
  for (const [op, route] of Object.entries(model.api.operations ?? {})) {
    if (typeof route === 'string' && familyOf(route.split(' ')[1]!) !== family) {
      report(`/api/operations/${op}`, `route "${route}" is not in the ${model.api.dialect} family`);
    }
  }
  const state = model.api.state;
  if (state) {
    const field = fields[state.field];
    if (!field) report('/api/state/field', `unknown field "${state.field}"`);
    else if (field.type !== 'integer' && field.type !== 'string') report('/api/state/field', 'a state field must be integer or string');
  } else if (model.api.operations?.state) {
    report('/api/operations/state', 'a state operation needs api.state');
  }
  checkSelf(model, report);
  checkWriteNames(model, report);
  if (model.api.listAnswer === 'array' && (model.list?.page !== false || model.list.rows))
    report('/api/listAnswer', 'a list answered as an array has no pages: it needs list.page false (and no list.rows)');
  const known = (name: string) => name in fields || SYSTEM_FIELD_NAMES.includes(name);
  for (const [name, lookup] of Object.entries(model.api.lookups ?? {})) {
    for (const [out, source] of Object.entries(lookup.fields)) {
      if (!known(source) || fields[source]?.secret) report(`/api/lookups/${name}/fields/${out}`, `unknown or secret field "${source}"`);
    }
    for (const key of Object.keys(lookup.where ?? {})) {
      if (!known(key)) report(`/api/lookups/${name}/where/${key}`, `unknown field "${key}"`);
    }
  }
}

/** writeAs (version 15): a name no other field has, given once. */
function checkWriteNames(model: ModelFile, report: Report): void {
  const taken = new Set([...Object.keys(model.entity.fields), ...SYSTEM_FIELD_NAMES]);
  for (const [name, field] of Object.entries(model.entity.fields)) {
    if (!field.writeAs) continue;
    if (taken.has(field.writeAs)) report(`/entity/fields/${name}/writeAs`, `"${field.writeAs}" already names a field or another field's writeAs`);
    taken.add(field.writeAs);
  }
}

function checkOperations(model: ModelFile, report: Report): void {
  const family = model.api.dialect === 'api' ? 'api' : 'jeecg';
  for (const [name, operation] of Object.entries(model.operations ?? {})) {
    const route = namedOperationRoute(model, operation);
    if (familyOf(route.split(' ')[1]!) !== family) report(`/operations/${name}/route`, `route "${route}" is not in the ${model.api.dialect} family`);
    if (operation.target === 'record' && model.api.dialect === 'api' && !route.includes('{id}')) {
      report(`/operations/${name}/route`, 'a record operation of the api dialect names the record with {id} in its route');
    }
  }
}

function checkList(model: ModelFile, readable: (name: string) => boolean, report: Report): void {
  const list = model.list;
  if (!list) return;
  const fields = model.entity.fields;
  list.columns.forEach((item, i) => {
    const name = fieldNameOf(item);
    if (!readable(name)) report(`/list/columns/${i}`, `unknown or secret field "${name}"`);
  });
  (list.search ?? []).forEach((item, i) => {
    const name = fieldNameOf(item);
    if (name === 'keyword') {
      if (!Object.values(fields).some((f) => f.keyword)) report(`/list/search/${i}`, 'keyword search needs at least one field with "keyword": true');
      return;
    }
    if (!readable(name)) return report(`/list/search/${i}`, `unknown or secret field "${name}"`);
    if (fields[name]?.filterable === false) report(`/list/search/${i}`, `field "${name}" is not filterable`);
    const mode = typeof item === 'string' ? undefined : item.mode;
    const type = fields[name]?.type ?? 'datetime';
    if (mode === 'range' && !['integer', 'number', 'date', 'datetime'].includes(type)) {
      report(`/list/search/${i}/mode`, `range search needs a number or date field, "${name}" is ${type}`);
    }
    if (mode === 'like' && !SEARCHABLE_TYPES.has(type)) report(`/list/search/${i}/mode`, `like search needs a text field, "${name}" is ${type}`);
  });
  const keys = new Set<string>();
  // a row action's condition reads the row: the fields a column could show (version 14)
  const rowNames = [...Object.keys(fields), ...SYSTEM_FIELD_NAMES, ...Object.keys(list.rows?.fields ?? {})].filter(readable);
  (list.actions ?? []).forEach((action, i) => {
    if (typeof action === 'string') {
      if (action === 'state' && !model.api.state) report(`/list/actions/${i}`, 'the state action needs api.state');
      return;
    }
    if (keys.has(action.key)) report(`/list/actions/${i}/key`, `action key "${action.key}" appears twice`);
    keys.add(action.key);
    if ((action.operation === undefined) === (action.hook === undefined)) report(`/list/actions/${i}`, 'an action runs either an operation or a hook');
    if (action.permission !== undefined && action.operation !== undefined) {
      report(`/list/actions/${i}/permission`, "an operation action has its operation's permission; only a hook action names one");
    }
    if (action.operation !== undefined && !operationExists(model, action.operation)) {
      report(`/list/actions/${i}/operation`, `unknown operation "${action.operation}" (a key of operations, or import / export switched on in api.operations)`);
    }
    if (action.visibleWhen === undefined) return;
    if (action.placement === 'toolbar') report(`/list/actions/${i}/visibleWhen`, 'visibleWhen tests a row: only a row action has one');
    else for (const message of checkExpression(action.visibleWhen, rowNames)) report(`/list/actions/${i}/visibleWhen`, message);
  });
  const page = list.page || undefined;
  if (page?.size && page.sizes && !page.sizes.includes(page.size)) report('/list/page/size', 'page size must be one of page.sizes');
}

function operationExists(model: ModelFile, name: string): boolean {
  if (name === 'import' || name === 'export') return Boolean(model.api.operations?.[name]);
  return Object.hasOwn(model.operations ?? {}, name);
}

function checkForm(model: ModelFile, report: Report, expression: (path: string, source: string | undefined) => void): void {
  const form = model.form;
  if (!form) return;
  checkFormLayout(form, report);
  const fields = model.entity.fields;
  const seen = new Set<string>();
  for (const { item, name, path, columns } of formFieldItems(form)) {
    if (seen.has(name)) report(path, `field "${name}" appears twice`);
    seen.add(name);
    const field = fields[name];
    if (!field) report(path, `unknown field "${name}" (system fields cannot be in a form)`);
    else if (field.secret && field.writable !== true) report(path, `field "${name}" is not writable`);
    // (version 12) a non-writable field is shown, read-only, only where the item says detailOnly
    else if (field.writable === false && !(typeof item === 'object' && item.detailOnly === true)) {
      report(path, `field "${name}" is not writable (a form shows it only with "detailOnly": true)`);
    }
    if (typeof item === 'string') continue;
    if (item.span !== undefined && item.span > columns) report(`${path}/span`, `span ${item.span} is wider than the ${columns} column(s) around it`);
    expression(`${path}/visibleWhen`, item.visibleWhen);
    expression(`${path}/disabledWhen`, item.disabledWhen);
  }
  for (const problem of calcFieldProblems(model)) report(problem.path, problem.message);
}

/** A form uses one layout: fields, sections or tabs; a tab holds sections or fields. */
export function checkFormLayout(form: Pick<FormDef, 'fields' | 'sections' | 'tabs'>, report: Report): void {
  const layouts = (['fields', 'sections', 'tabs'] as const).filter((key) => form[key] !== undefined);
  if (layouts.length === 0) report('/form', 'a form needs fields, sections or tabs');
  if (layouts.length > 1) report('/form', `a form uses one layout, not ${layouts.join(' and ')}`);
  (form.tabs ?? []).forEach((tab, i) => {
    if ((tab.fields === undefined) === (tab.sections === undefined)) report(`/form/tabs/${i}`, 'a tab holds either fields or sections');
  });
}

function checkScreen(model: ModelFile, readable: (name: string) => boolean, report: Report): void {
  const kind = model.screen?.kind ?? 'list';
  const fields = model.entity.fields;
  const tree = model.tree;
  if ((kind === 'tree' || kind === 'treeTable') && !tree) report('/screen/kind', `a ${kind} screen needs tree (parentField, …)`);
  if (tree) {
    const parent = fields[tree.parentField];
    if (!parent) report('/tree/parentField', `unknown field "${tree.parentField}"`);
    else if (parent.type !== 'string') report('/tree/parentField', 'the parent field holds a record id: type string');
    if (tree.labelField !== undefined && !readable(tree.labelField)) report('/tree/labelField', `unknown or secret field "${tree.labelField}"`);
  }
  if (kind === 'query' && !model.query) report('/screen/kind', 'a query screen needs query (from, fields, …)');
  if (model.query && kind !== 'query') report('/query', 'query belongs to a screen of kind query');
  if (kind === 'query' && model.form) report('/form', 'a query screen is read-only and has no form');
  const query = model.query;
  if (!query) return;
  for (const out of Object.keys(query.fields)) {
    if (!(out in fields)) report(`/query/fields/${out}`, `"${out}" is not declared in entity.fields (which gives its type and label)`);
  }
  if (query.groupBy) {
    for (const [out, source] of Object.entries(query.fields)) {
      if (typeof source === 'string' && !query.groupBy.includes(source)) report(`/query/fields/${out}`, `"${source}" is neither grouped nor aggregated`);
    }
  }
  // the page asks for the parameters in a form of their own above the list's search bar: a field that a parameter
  // already pins to one value, searched again, was asked for twice (校准曲线 showed 仪器名称 in both); a parameter
  // bounding a field (到期天数 on 证书有效期) asks another question than a search of it
  const byParam = new Map(
    (query.where ?? []).flatMap((condition) => (condition.param !== undefined && condition.op === 'eq' ? [[condition.field, condition.param] as const] : [])),
  );
  (model.list?.search ?? []).forEach((item, i) => {
    const name = fieldNameOf(item);
    const source = query.fields[name];
    const param = typeof source === 'string' ? byParam.get(source) : undefined;
    if (param !== undefined) report(`/list/search/${i}`, `"${name}" is already asked for by the parameter "${param}" (query.where): the page would ask twice`);
  });
}
