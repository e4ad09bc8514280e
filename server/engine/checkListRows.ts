import type { ModelFile } from '../../runtime/model/types.js';
import { namedOperationRoute } from './namedOperations.js';

type Report = (path: string, message: string) => void;

/**
 * An operation list (`list.rows`, version 13): its rows are what a named GET operation answers (the
 * live sessions of 在线用户), not records of the table, so nothing that reads or writes the table by
 * record applies: no built-in actions (add, edit, detail, delete, state, advanced query, import,
 * export), no form, no sorting; the search is the keyword, which the operation reads. Its own fields
 * are for the columns and may not shadow the entity's.
 */
export function checkListRows(model: ModelFile, entityField: (name: string) => boolean, report: Report): void {
  const list = model.list;
  const rows = list?.rows;
  if (!list || !rows) return;
  const operation = model.operations?.[rows.operation];
  if (!operation) report('/list/rows/operation', `unknown operation "${rows.operation}" (a key of operations)`);
  else if (!namedOperationRoute(model, operation).startsWith('GET ') || operation.target === 'record') {
    report('/list/rows/operation', `"${rows.operation}" is not a collection operation with a GET route`);
  }
  if ((model.screen?.kind ?? 'list') !== 'list') report('/list/rows', 'an operation list is a screen of kind list');
  if (model.form) report('/form', 'an operation list is read-only and has no form');
  if (list.page === false) report('/list/page', 'an operation list is paged (the operation answers a page)');
  for (const name of Object.keys(rows.fields ?? {})) {
    if (entityField(name)) report(`/list/rows/fields/${name}`, `"${name}" is already a field of the entity`);
  }
  (list.actions ?? []).forEach((action, i) => {
    if (typeof action === 'string' || action.operation === 'import' || action.operation === 'export') {
      report(`/list/actions/${i}`, 'an operation list has no built-in actions: its rows are not records of the table');
    }
  });
  (list.search ?? []).forEach((item, i) => {
    if (item !== 'keyword') report(`/list/search/${i}`, 'an operation list searches by keyword only (the operation reads it)');
  });
  list.columns.forEach((column, i) => {
    if (typeof column === 'object' && column.sorter) report(`/list/columns/${i}/sorter`, 'an operation list is in the order its operation answers');
  });
}
