import { OPT_IN_OPERATION_NAMES, type ModelFile } from '../../runtime/model/types.js';
import { SYSTEM_FIELD_NAMES, type SchemaProblem } from './checkModel.js';

/** The source fields a query names must exist, readable, on the model it reads from. */
export function checkQuerySource(model: ModelFile, source: ModelFile | undefined, file: string): SchemaProblem[] {
  const query = model.query!;
  if (!source) return [{ file, path: '/query/from', message: `unknown model "${query.from}"` }];
  const readable = (name: string) => (name in source.entity.fields && !source.entity.fields[name]!.secret) || SYSTEM_FIELD_NAMES.includes(name);
  const problems: SchemaProblem[] = [];
  const need = (name: string | undefined, at: string) => {
    if (name !== undefined && !readable(name)) problems.push({ file, path: at, message: `"${query.from}" has no readable field "${name}"` });
  };
  for (const [out, field] of Object.entries(query.fields)) {
    if (typeof field === 'string') need(field, `/query/fields/${out}`);
    else {
      need(field.field, `/query/fields/${out}/field`);
      if (field.field === undefined && field.aggregate !== 'count')
        problems.push({ file, path: `/query/fields/${out}`, message: `${field.aggregate} needs a field` });
    }
  }
  (query.where ?? []).forEach((condition, i) => {
    need(condition.field, `/query/where/${i}/field`);
    const at = `/query/where/${i}`;
    if (condition.param !== undefined && !query.params?.[condition.param])
      problems.push({ file, path: `${at}/param`, message: `"${condition.param}" is not in query.params` });
    if (condition.relative === 'daysFromToday') {
      if (source.entity.fields[condition.field]?.type !== 'date')
        problems.push({ file, path: `${at}/relative`, message: 'daysFromToday compares a date field' });
      const param = condition.param === undefined ? undefined : query.params?.[condition.param];
      if (param ? param.type !== 'integer' : !Number.isInteger(condition.value))
        problems.push({ file, path: `${at}/relative`, message: 'daysFromToday needs a whole number of days (an integer value or parameter)' });
    }
  });
  (query.groupBy ?? []).forEach((name, i) => need(name, `/query/groupBy/${i}`));
  return problems;
}

/** Every permission code a model introduces: its CRUD actions, import/export when switched on, and its named operations'. */
export function modelPermissionCodes(model: ModelFile): { code: string; at: string }[] {
  const prefix = model.permissions.prefix;
  const codes = ['list', 'add', 'edit', 'delete', 'state'].map((action) => ({ code: `${prefix}${action}`, at: '/permissions/prefix' }));
  for (const name of OPT_IN_OPERATION_NAMES) if (model.api.operations?.[name]) codes.push({ code: `${prefix}${name}`, at: `/api/operations/${name}` });
  const seen = new Set(codes.map((c) => c.code));
  for (const [name, operation] of Object.entries(model.operations ?? {})) {
    const code = `${prefix}${operation.permission}`;
    if (!seen.has(code)) codes.push({ code, at: `/operations/${name}/permission` });
    seen.add(code);
  }
  return codes;
}
