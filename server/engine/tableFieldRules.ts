import type { ModelFile } from '../../runtime/model/types.js';
import type { CellRule } from '../../runtime/validation/cellRules.js';
import { isPatternName } from '../../runtime/validation/patterns.js';
import type { RowColumn } from '../../runtime/validation/tableRows.js';

/** The widget whose x-component-props declare row rules (runtime/fields/EditableTable.tsx). */
const TABLE_WIDGET = 'EditableTable';

type FormItem = { field?: unknown; 'x-component'?: unknown; 'x-component-props'?: { columns?: unknown } };
type ColumnDef = { key?: unknown; title?: unknown; validateRules?: unknown };

function formItems(model: ModelFile): FormItem[] {
  const form = (
    model as { form?: { fields?: unknown[]; sections?: { fields?: unknown[] }[]; tabs?: { fields?: unknown[]; sections?: { fields?: unknown[] }[] }[] } }
  ).form;
  const lists = [
    form?.fields,
    ...(form?.sections ?? []).map((s) => s.fields),
    ...(form?.tabs ?? []).flatMap((tab) => [tab.fields, ...(tab.sections ?? []).map((s) => s.fields)]),
  ];
  return lists.flatMap((list) => (list ?? []).filter((item): item is FormItem => typeof item === 'object' && item !== null));
}

// the server runs what it can run safely and the same way: required, unique and the shared pattern
// codes. A column's own regular expression and its handler hook stay client-side (a model's regex is
// not run on request data by the server, and handlers are client code).
function serverRule(rule: unknown): rule is CellRule {
  if (typeof rule !== 'object' || rule === null) return false;
  const r = rule as Record<string, unknown>;
  return r.required === true || r.unique === true || (typeof r.pattern === 'string' && isPatternName(r.pattern));
}

/**
 * The row rules of each `json` field that the form shows as an editable table, by field name: what
 * the server checks on create, update and import, like the table does before a save.
 */
export function tableFieldRules(model: ModelFile): Map<string, RowColumn[]> {
  const rules = new Map<string, RowColumn[]>();
  for (const item of formItems(model)) {
    const name = item.field;
    if (item['x-component'] !== TABLE_WIDGET || typeof name !== 'string' || model.entity.fields[name]?.type !== 'json') continue;
    const columns = Array.isArray(item['x-component-props']?.columns) ? (item['x-component-props'].columns as ColumnDef[]) : [];
    const checked = columns
      .filter((column) => typeof column.key === 'string' && typeof column.title === 'string')
      .map((column) => ({
        key: column.key as string,
        title: column.title as string,
        rules: (Array.isArray(column.validateRules) ? column.validateRules : []).filter(serverRule),
      }))
      .filter((column) => column.rules.length > 0);
    if (checked.length > 0) rules.set(name, checked);
  }
  return rules;
}
