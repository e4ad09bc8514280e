import { appError } from '../errors.js';

/** JNPF's condition symbols, as the engine's superQuery rules. */
const SYMBOLS: Record<string, string> = { '==': 'eq', '<>': 'ne', '>': 'gt', '>=': 'ge', '<': 'lt', '<=': 'le', like: 'like', in: 'in', notLike: 'ne' };

const MAX_TEXT = 20_000;

function parsed(raw: unknown, name: string): unknown {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw !== 'string') return raw;
  if (raw.length > MAX_TEXT) throw appError('CL_ERR_QUERY_INVALID', { detail: `${name} is too long` });
  try {
    return JSON.parse(raw);
  } catch {
    throw appError('CL_ERR_QUERY_INVALID', { detail: `${name} is not JSON` });
  }
}

function scalarText(value: unknown, name: string): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw appError('CL_ERR_QUERY_INVALID', { detail: `${name}: a text or number` });
}

/**
 * The body of OnlineDev's POST List as the generic list's query parameters, so the engine's one parser
 * checks every name and value against the model: paging and sort as they are, queryJson {field: value}
 * as field filters ([begin, end] as a range), superQueryJson as the engine's superQuery — either its own
 * [{field, rule, val}] or JNPF's {matchLogic, conditionJson: [{field, symbol, fieldValue}]}.
 */
export function listQueryOf(body: Record<string, unknown>): Record<string, string> {
  const query: Record<string, string> = {};
  for (const name of ['currentPage', 'pageSize', 'keyword', 'sidx', 'sort'])
    if (body[name] !== undefined && body[name] !== '') query[name] = scalarText(body[name], name);
  const filters = parsed(body.queryJson, 'queryJson');
  if (filters !== undefined) {
    if (typeof filters !== 'object' || filters === null || Array.isArray(filters)) throw appError('CL_ERR_QUERY_INVALID', { detail: 'queryJson: an object' });
    for (const [field, value] of Object.entries(filters)) {
      if (value === null || value === '' || value === undefined) continue;
      if (Array.isArray(value)) {
        if (value.length !== 2) throw appError('CL_ERR_QUERY_INVALID', { detail: `queryJson.${field.slice(0, 60)}: [begin, end]` });
        if (value[0] !== null && value[0] !== '') query[`${field}_begin`] = scalarText(value[0], field);
        if (value[1] !== null && value[1] !== '') query[`${field}_end`] = scalarText(value[1], field);
      } else query[field] = scalarText(value, field);
    }
  }
  const superQuery = parsed(body.superQueryJson, 'superQueryJson');
  if (Array.isArray(superQuery)) query.superQueryParams = JSON.stringify(superQuery);
  else if (typeof superQuery === 'object' && superQuery !== null) {
    const { matchLogic, conditionJson } = superQuery as { matchLogic?: unknown; conditionJson?: unknown };
    if (!Array.isArray(conditionJson)) throw appError('CL_ERR_QUERY_INVALID', { detail: 'superQueryJson.conditionJson: an array' });
    query.superQueryParams = JSON.stringify(
      conditionJson.map((c: { field?: unknown; symbol?: unknown; fieldValue?: unknown }) => {
        const rule = SYMBOLS[String(c.symbol)];
        if (!rule) throw appError('CL_ERR_QUERY_RULE_UNKNOWN', { rule: String(c.symbol).slice(0, 20) });
        return { field: c.field, rule, val: c.fieldValue ?? null };
      }),
    );
    if (matchLogic !== undefined) query.superQueryMatchType = String(matchLogic).toLowerCase();
  } else if (superQuery !== undefined) throw appError('CL_ERR_QUERY_INVALID', { detail: 'superQueryJson: an array or an object' });
  return query;
}
