import type { ModelFile } from '../../runtime/model/types.js';
import type { CellRule } from '../../runtime/validation/cellRules.js';
import safeRegex from 'safe-regex2';
import { isPatternName } from '../../runtime/validation/patterns.js';
import type { RowColumn } from '../../runtime/validation/tableRows.js';
import type { HookRegistry } from './hookRegistry.js';

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

/**
 * A column's rule as the server runs it: required, unique, pattern codes, the column's own regular
 * expression (refused at load when it is invalid or could backtrack without bound on request data) and a
 * handler, which must be registered on the server as a cellValidator hook of the same name.
 */
function serverRule(model: ModelFile, hooks: HookRegistry, where: string, rule: unknown): CellRule | null {
  if (typeof rule !== 'object' || rule === null) return null;
  const r = rule as Record<string, unknown>;
  const message = typeof r.message === 'string' ? { message: r.message } : {};
  if (r.required === true) return { required: true, ...message };
  if (r.unique === true) return { unique: true, ...message };
  if (typeof r.pattern === 'string') {
    if (!isPatternName(r.pattern)) {
      try {
        new RegExp(r.pattern);
      } catch {
        throw new Error(`model ${model.id}: ${where}.pattern is not a valid regular expression`);
      }
      if (!safeRegex(r.pattern))
        throw new Error(`model ${model.id}: ${where}.pattern could backtrack without bound (nested repetition); write it without nesting`);
    }
    return { pattern: r.pattern, ...message };
  }
  if (typeof r.handler === 'string') {
    const handler = hooks.getCellValidator(r.handler);
    if (!handler) throw new Error(`model ${model.id}: ${where}.handler names "${r.handler}", which is not a registered cellValidator hook on the server`);
    return { handler, ...message };
  }
  return null;
}

/**
 * The row rules of each `json` field that the form shows as an editable table, by field name: what
 * the server checks on create, update and import, like the table does before a save.
 */
export function tableFieldRules(model: ModelFile, hooks: HookRegistry): Map<string, RowColumn[]> {
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
        rules: (Array.isArray(column.validateRules) ? column.validateRules : [])
          .map((rule, at) => serverRule(model, hooks, `field ${name}, column ${String(column.key)}, validateRules[${at}]`, rule))
          .filter((rule): rule is CellRule => rule !== null),
      }))
      .filter((column) => column.rules.length > 0);
    if (checked.length > 0) rules.set(name, checked);
  }
  return rules;
}
