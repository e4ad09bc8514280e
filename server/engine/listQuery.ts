import { UNPAGED_LIST_ROWS } from '../../runtime/model/types.js';
import { appError } from '../errors.js';
import type { CompiledField, CompiledModel } from './compileModel.js';
import { buildCondition, parseFieldFilter, type Condition } from './conditions.js';
import { parseMatchType, parseSuperQuery } from './parseSuperQuery.js';

export const MAX_PAGE_SIZE = 500;
const MAX_KEYWORD = 200;

/** A list request, every part checked against the model. */
export interface ListQuery {
  pageNo: number;
  pageSize: number;
  sort: { field: CompiledField; order: 'asc' | 'desc' };
  /** per-field filters, AND-ed */
  filters: Condition[];
  keyword: string | null;
  /** advanced query, joined by matchType */
  superQuery: Condition[];
  matchType: 'and' | 'or';
  /** jeecg `field`: the columns to return (id always), or null for all readable ones */
  projection: CompiledField[] | null;
}

type Role = 'pageNo' | 'pageSize' | 'sortField' | 'sortOrder' | 'keyword' | 'projection' | 'superQuery' | 'matchType' | 'ignore';
type ParamRole = Role | { field: CompiledField; part: 'value' | 'begin' | 'end' };

/** The query parameter names a model's list accepts, per its dialect; anything else is refused. */
function paramRoles(model: CompiledModel): Map<string, ParamRole> {
  const roles = new Map<string, ParamRole>();
  for (const field of model.fields.values()) {
    if (!field.filterable) continue;
    roles.set(field.name, { field, part: 'value' });
    roles.set(`${field.name}_begin`, { field, part: 'begin' });
    roles.set(`${field.name}_end`, { field, part: 'end' });
  }
  // the other dialect's page number is understood too: clients written for one send it to both
  const dialect: [string, Role][] =
    model.model.api.dialect === 'jeecg'
      ? [
          ['pageNo', 'pageNo'],
          ['currentPage', 'pageNo'],
          ['pageSize', 'pageSize'],
          ['column', 'sortField'],
          ['order', 'sortOrder'],
          ['field', 'projection'],
        ]
      : [
          ['currentPage', 'pageNo'],
          ['pageNo', 'pageNo'],
          ['pageSize', 'pageSize'],
          ['sidx', 'sortField'],
          ['sort', 'sortOrder'],
        ];
  if (model.keywordFields.length > 0) roles.set('keyword', 'keyword');
  roles.set('superQueryParams', 'superQuery');
  roles.set('superQueryMatchType', 'matchType');
  // cache busters (jeecg's _t, jQuery's _) carry no meaning
  roles.set('_t', 'ignore');
  roles.set('_', 'ignore');
  // set last: a model field with one of these names is filtered through the superQuery, never by its bare name
  for (const [name, role] of dialect) roles.set(name, role);
  return roles;
}

function positiveInt(name: string, text: string, max: number): number {
  if (!/^\d{1,9}$/.test(text.trim())) throw appError('CL_ERR_QUERY_INVALID', { detail: `${name} must be a whole number` });
  const value = Number(text.trim());
  if (value < 1 || value > max) throw appError('CL_ERR_QUERY_INVALID', { detail: `${name} must be between 1 and ${max}` });
  return value;
}

export type ListQueryParser = (query: Record<string, unknown>) => ListQuery;

/** Built once per model at startup; per request it only walks the parameters that were sent. */
export function createListQueryParser(model: CompiledModel): ListQueryParser {
  const roles = paramRoles(model);
  // an unpaged list answers every row up to its cap in one page; a paged one at most MAX_PAGE_SIZE
  const maxPageSize = model.model.list?.page === false ? UNPAGED_LIST_ROWS : MAX_PAGE_SIZE;
  return (query) => {
    const q: ListQuery = {
      pageNo: 1,
      pageSize: model.pageSize,
      sort: model.defaultSort,
      filters: [],
      keyword: null,
      superQuery: [],
      matchType: 'and',
      projection: null,
    };
    let sortField: string | undefined;
    let sortOrder: string | undefined;
    let superText: string | undefined;
    let matchText: string | undefined;
    for (const [name, raw] of Object.entries(query)) {
      const role = roles.get(name);
      if (role === undefined) throw appError('CL_ERR_QUERY_PARAM_UNKNOWN', { name: name.slice(0, 60) });
      if (typeof raw !== 'string') throw appError('CL_ERR_QUERY_INVALID', { detail: `${name.slice(0, 60)} must be given once` });
      if (typeof role === 'object') {
        const condition = role.part === 'value' ? parseFieldFilter(role.field, raw) : buildCondition(role.field, role.part === 'begin' ? 'ge' : 'le', raw);
        if (condition) q.filters.push(condition);
        continue;
      }
      if (raw.trim() === '') continue;
      switch (role) {
        case 'pageNo':
          q.pageNo = positiveInt(name, raw, 10_000_000);
          break;
        case 'pageSize':
          q.pageSize = positiveInt(name, raw, maxPageSize);
          break;
        case 'sortField':
          sortField = raw.trim();
          break;
        case 'sortOrder':
          sortOrder = raw.trim().toLowerCase();
          break;
        case 'keyword':
          if (raw.length > MAX_KEYWORD) throw appError('CL_ERR_QUERY_INVALID', { detail: `keyword longer than ${MAX_KEYWORD}` });
          q.keyword = raw.trim();
          break;
        case 'projection':
          q.projection = parseProjection(model, raw);
          break;
        case 'superQuery':
          superText = raw;
          break;
        case 'matchType':
          matchText = raw.trim();
          break;
        case 'ignore':
          break;
      }
    }
    q.sort = parseSort(model, sortField, sortOrder);
    q.matchType = parseMatchType(matchText);
    if (superText !== undefined) q.superQuery = parseSuperQuery(model, superText);
    return q;
  };
}

function parseSort(model: CompiledModel, fieldName: string | undefined, order: string | undefined): ListQuery['sort'] {
  if (order !== undefined && order !== 'asc' && order !== 'desc') throw appError('CL_ERR_QUERY_INVALID', { detail: 'order must be asc or desc' });
  if (fieldName === undefined) return order ? { field: model.defaultSort.field, order } : model.defaultSort;
  // Jeecg tables sort a dictionary column by its text column's name
  const name = fieldName.endsWith('_dictText') ? fieldName.slice(0, -'_dictText'.length) : fieldName;
  const field = model.fields.get(name);
  if (!field?.sortable) throw appError('CL_ERR_SORT_UNKNOWN', { field: fieldName.slice(0, 60) });
  return { field, order: order ?? 'asc' };
}

/**
 * The jeecg list's `field`: the client sends its columns' dataIndex, `id,` first (spec 001 §7), so besides
 * field names it holds the 操作 column's `action` and the text columns of dictionaries and references
 * (`sex_dictText`): unless the model has a field of that name, those are no fields to refuse; a `_dictText`
 * column keeps its field (whose text comes with it).
 */
function projectedName(model: CompiledModel, column: string): string | null {
  if (column === '' || model.fields.has(column)) return column || null;
  if (column === 'action') return null;
  return column.endsWith('_dictText') ? column.slice(0, -'_dictText'.length) : column;
}

function parseProjection(model: CompiledModel, text: string): CompiledField[] {
  const names = new Set(
    text
      .split(',')
      .map((s) => projectedName(model, s.trim()))
      .filter((s): s is string => s !== null),
  );
  const picked = [model.id];
  for (const name of names) {
    const field = model.fields.get(name);
    if (!field?.readable) throw appError('CL_ERR_FIELD_UNKNOWN', { field: name.slice(0, 60) });
    if (field !== model.id) picked.push(field);
  }
  return picked;
}
