import { OPT_IN_OPERATION_NAMES, type ModelFile } from '../../runtime/model/types.js';
import { SYSTEM_FIELD_NAMES, type SchemaProblem } from './checkModel.js';

/**
 * The source fields a query names must exist, readable, on the model they belong to: `field` on `from`,
 * `alias.field` on the model joined under that alias (query.join, each alias once, joined on a field of
 * `from` or of an earlier join). Totals name numeric outputs.
 */
export function checkQuerySource(model: ModelFile, modelOf: (id: string) => ModelFile | undefined, file: string): SchemaProblem[] {
  const query = model.query!;
  if (query.from === undefined) return checkSqlReport(model, file);
  const from = query.from;
  const source = modelOf(from);
  if (!source) return [{ file, path: '/query/from', message: `unknown model "${from}"` }];
  const problems: SchemaProblem[] = [];
  const aliases = new Map<string, ModelFile>();
  const readableOn = (on: ModelFile, name: string) => (name in on.entity.fields && !on.entity.fields[name]!.secret) || SYSTEM_FIELD_NAMES.includes(name);
  /** the model and field a source name means, or a problem */
  const owner = (path: string): { on: ModelFile; id: string; name: string } | string => {
    const dot = path.indexOf('.');
    if (dot < 0) return { on: source, id: from, name: path };
    const joined = aliases.get(path.slice(0, dot));
    return joined ? { on: joined, id: joined.id, name: path.slice(dot + 1) } : `"${path.slice(0, dot)}" is not the alias of an earlier query.join`;
  };
  const need = (path: string | undefined, at: string) => {
    if (path === undefined) return;
    const found = owner(path);
    if (typeof found === 'string') problems.push({ file, path: at, message: found });
    else if (!readableOn(found.on, found.name)) problems.push({ file, path: at, message: `"${found.id}" has no readable field "${found.name}"` });
  };
  (query.join ?? []).forEach((join, i) => {
    const at = `/query/join/${i}`;
    const joined = modelOf(join.model);
    need(join.on.field, `${at}/on/field`);
    if (!joined) problems.push({ file, path: `${at}/model`, message: `unknown model "${join.model}"` });
    else if (!readableOn(joined, join.on.to)) problems.push({ file, path: `${at}/on/to`, message: `"${join.model}" has no readable field "${join.on.to}"` });
    if (aliases.has(join.as)) problems.push({ file, path: `${at}/as`, message: `alias "${join.as}" is used twice` });
    if (joined) aliases.set(join.as, joined);
  });
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
      const found = owner(condition.field);
      if (typeof found === 'string' || found.on.entity.fields[found.name]?.type !== 'date')
        problems.push({ file, path: `${at}/relative`, message: 'daysFromToday compares a date field' });
      const param = condition.param === undefined ? undefined : query.params?.[condition.param];
      if (param ? param.type !== 'integer' : !Number.isInteger(condition.value))
        problems.push({ file, path: `${at}/relative`, message: 'daysFromToday needs a whole number of days (an integer value or parameter)' });
    }
  });
  (query.groupBy ?? []).forEach((name, i) => need(name, `/query/groupBy/${i}`));
  return [...problems, ...totalsProblems(model, file)];
}

/** Totals name numeric outputs. */
function totalsProblems(model: ModelFile, file: string): SchemaProblem[] {
  const query = model.query!;
  return Object.keys(query.totals ?? {})
    .filter((out) => {
      const type = model.entity.fields[out]?.type;
      return !(out in query.fields) || (type !== 'integer' && type !== 'number');
    })
    .map((out) => ({ file, path: `/query/totals/${out}`, message: `"${out}" is not a numeric output of query.fields` }));
}

/**
 * A SQL report (query.sql, version 9): each output is a plain column of the statement's result (no alias,
 * no aggregate: the statement computes them). The statement itself is checked by server/safeSql when it
 * runs, against the tables and permissions of the caller.
 */
function checkSqlReport(model: ModelFile, file: string): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  for (const [out, column] of Object.entries(model.query!.fields)) {
    if (typeof column !== 'string' || column.includes('.'))
      problems.push({ file, path: `/query/fields/${out}`, message: 'a SQL report names a column of its result (no alias, no aggregate)' });
  }
  return [...problems, ...totalsProblems(model, file)];
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
