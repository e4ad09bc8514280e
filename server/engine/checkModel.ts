import patterns from '../../schemas/meta/patterns.json' with { type: 'json' };
import systemFields from '../../schemas/meta/system-fields.json' with { type: 'json' };
import { familyOf } from '../../runtime/model/familyOf.js';
import { survivesColumnRoundTrip } from './columnNames.js';
import type { FieldDef, ModelFile } from '../../runtime/model/types.js';

/** One problem in one file, located by JSON pointer. */
export interface SchemaProblem {
  file: string;
  path: string;
  message: string;
}

export const SYSTEM_FIELD_NAMES = Object.keys(systemFields).filter((k) => k !== '$comment');
const PATTERN_NAMES = new Set(Object.keys(patterns).filter((k) => k !== '$comment'));
const STRING_TYPES = new Set(['string', 'text', 'date', 'datetime']);
const NUMBER_TYPES = new Set(['integer', 'number']);

function fieldNameOf(item: string | { field: string }): string {
  return typeof item === 'string' ? item : item.field;
}

/**
 * The rules JSON Schema cannot say: references between parts of one model (columns name fields,
 * indexes name fields, …) and type-consistency of field constraints. Cross-model rules live in
 * loadModules.ts.
 */
export function checkModel(model: ModelFile, file: string): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const report = (path: string, message: string) => problems.push({ file, path, message });
  const fields = model.entity.fields;
  const known = (name: string) => name in fields || SYSTEM_FIELD_NAMES.includes(name);
  const readable = (name: string) => known(name) && !fields[name]?.secret;

  for (const [name, field] of Object.entries(fields)) {
    checkField(name, field, report);
    // the column is the CamelCasePlugin's snake_case of the name; rows come back camelCased
    if (!survivesColumnRoundTrip(name)) report(`/entity/fields/${name}`, `field name "${name}" does not survive the snake_case column mapping (avoid consecutive capitals)`);
  }

  (model.entity.indexes ?? []).forEach((columns, i) =>
    columns.forEach((name, j) => {
      if (!known(name)) report(`/entity/indexes/${i}/${j}`, `index names unknown field "${name}"`);
    }),
  );
  const sort = model.entity.defaultSort;
  if (sort && !readable(sort.field)) report('/entity/defaultSort/field', `unknown field "${sort.field}"`);
  for (const [role, name] of Object.entries(model.entity.scope ?? {})) {
    if (!readable(name)) report(`/entity/scope/${role}`, `unknown field "${name}"`);
  }

  const family = model.api.dialect === 'api' ? 'api' : 'jeecg';
  if (familyOf(model.api.base) !== family) {
    report('/api/base', `base "${model.api.base}" is not in the ${model.api.dialect} family (${family === 'api' ? '/api/…' : '/sys, /system, /admin, /online, /app'})`);
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
  for (const [name, lookup] of Object.entries(model.api.lookups ?? {})) {
    for (const [out, source] of Object.entries(lookup.fields)) {
      if (!readable(source)) report(`/api/lookups/${name}/fields/${out}`, `unknown or secret field "${source}"`);
    }
    for (const key of Object.keys(lookup.where ?? {})) {
      if (!known(key)) report(`/api/lookups/${name}/where/${key}`, `unknown field "${key}"`);
    }
  }

  const list = model.list;
  if (list) {
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
      if (mode === 'like' && !STRING_TYPES.has(type)) report(`/list/search/${i}/mode`, `like search needs a text field, "${name}" is ${type}`);
    });
    if (list.actions?.includes('state') && !state) report('/list/actions', 'the state action needs api.state');
    const sizes = list.page?.sizes;
    if (list.page?.size && sizes && !sizes.includes(list.page.size)) report('/list/page/size', 'page size must be one of page.sizes');
  }

  const seen = new Set<string>();
  (model.form?.fields ?? []).forEach((item, i) => {
    const name = fieldNameOf(item);
    if (seen.has(name)) report(`/form/fields/${i}`, `field "${name}" appears twice`);
    seen.add(name);
    const field = fields[name];
    if (!field) report(`/form/fields/${i}`, `unknown field "${name}" (system fields cannot be in a form)`);
    else if (field.writable === false || field.secret) report(`/form/fields/${i}`, `field "${name}" is not writable`);
  });

  return problems;
}

function checkField(name: string, field: FieldDef, report: (path: string, message: string) => void): void {
  const at = `/entity/fields/${name}`;
  const isString = STRING_TYPES.has(field.type);
  const isNumber = NUMBER_TYPES.has(field.type);
  if ((field.maxLength !== undefined || field.minLength !== undefined) && !isString) report(at, `maxLength/minLength need a text type, not ${field.type}`);
  if ((field.minimum !== undefined || field.maximum !== undefined) && !isNumber) report(at, `minimum/maximum need a number type, not ${field.type}`);
  if (field.minLength !== undefined && field.maxLength !== undefined && field.minLength > field.maxLength) report(at, 'minLength exceeds maxLength');
  if (field.pattern !== undefined && !PATTERN_NAMES.has(field.pattern)) {
    report(`${at}/pattern`, `unknown pattern "${field.pattern}" (known: ${[...PATTERN_NAMES].join(', ')})`);
  }
  if (field.pattern !== undefined && !isString) report(`${at}/pattern`, 'a pattern needs a text type');
  const fits = (value: unknown) =>
    field.type === 'integer' ? Number.isInteger(value) : field.type === 'number' ? typeof value === 'number' : typeof value === 'string';
  (field.enum ?? []).forEach((value, i) => {
    if (!fits(value)) report(`${at}/enum/${i}`, `enum value ${JSON.stringify(value)} is not ${field.type}`);
  });
  if (field.default !== undefined) {
    if (!fits(field.default)) report(`${at}/default`, `default ${JSON.stringify(field.default)} is not ${field.type}`);
    else if (field.enum && !field.enum.includes(field.default)) report(`${at}/default`, 'default is not one of enum');
  }
  if (field.keyword && !isString) report(`${at}/keyword`, 'keyword search needs a text field');
  if (field.unique && field.type === 'text') report(`${at}/unique`, 'long text cannot be unique; use type string with maxLength');
  if (field.secret && field.unique) report(`${at}/secret`, 'a secret field cannot be unique-checkable');
  if (field.type === 'string' && field.maxLength === undefined) report(`${at}/maxLength`, 'a string field needs maxLength (the column width); use type text for long text');
}
