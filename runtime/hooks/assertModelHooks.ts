import type { ServedModel } from '../model/types';
import { v2 } from '../model/v2Parts';
import type { HookKind, HookRegistry } from './createHookRegistry';

/** The cellValidator hooks an editable table's columns name (x-component-props.columns[].validateRules[].handler). */
function cellValidatorReferences(item: unknown, path: string): { kind: HookKind; name: string; path: string }[] {
  const props = typeof item === 'object' && item !== null ? (item as { 'x-component-props'?: { columns?: unknown } })['x-component-props'] : undefined;
  if (!Array.isArray(props?.columns)) return [];
  return props.columns.flatMap((column: unknown, index: number) => {
    const rules = typeof column === 'object' && column !== null ? (column as { validateRules?: unknown }).validateRules : undefined;
    if (!Array.isArray(rules)) return [];
    return rules.flatMap((rule: unknown, at: number) => {
      const handler = typeof rule === 'object' && rule !== null ? (rule as { handler?: unknown }).handler : undefined;
      return typeof handler === 'string'
        ? [{ kind: 'cellValidator' as const, name: handler, path: `${path}.x-component-props.columns[${index}].validateRules[${at}].handler` }]
        : [];
    });
  });
}

/** Every client hook a model names, with its kind and the JSON path that names it. */
export function modelHookReferences(served: ServedModel): { kind: HookKind; name: string; path: string }[] {
  const model = v2(served.model);
  const found: { kind: HookKind; name: string; path: string }[] = [];
  (model.list?.columns ?? []).forEach((column, index) => {
    const cell = typeof column === 'object' && column !== null ? (column as { cell?: unknown }).cell : undefined;
    if (typeof cell === 'string') found.push({ kind: 'cell', name: cell, path: `list.columns[${index}].cell` });
  });
  (model.list?.actions ?? []).forEach((action, index) => {
    if (typeof action === 'object' && action.hook) found.push({ kind: 'action', name: action.hook, path: `list.actions[${index}].hook` });
  });
  const visitFields = (items: unknown[] | undefined, path: string) =>
    (items ?? []).forEach((item, index) => {
      const names = typeof item === 'object' && item !== null ? (item as { hooks?: unknown }).hooks : undefined;
      if (Array.isArray(names)) names.forEach((name, at) => found.push({ kind: 'formReaction', name: String(name), path: `${path}[${index}].hooks[${at}]` }));
      found.push(...cellValidatorReferences(item, `${path}[${index}]`));
    });
  const form = model.form;
  visitFields(form?.fields, 'form.fields');
  form?.sections?.forEach((section, index) => visitFields(section.fields, `form.sections[${index}].fields`));
  form?.tabs?.forEach((tab, index) => {
    visitFields(tab.fields, `form.tabs[${index}].fields`);
    tab.sections?.forEach((section, at) => visitFields(section.fields, `form.tabs[${index}].sections[${at}].fields`));
  });
  return found;
}

/**
 * A model that names a client hook this runtime lacks cannot be shown correctly: a load error naming
 * the model, the JSON path and the hook, raised when the model arrives (not when a cell first renders).
 */
export function assertModelHooks(served: ServedModel, hooks: HookRegistry): void {
  const missing = modelHookReferences(served).filter(({ kind, name }) => !hooks.has(kind, name));
  if (missing.length === 0) return;
  const list = missing.map(({ kind, name, path }) => `${path} names the ${kind} hook "${name}"`).join('; ');
  throw new Error(`model ${served.model.id}: ${list}, which ${missing.length === 1 ? 'is' : 'are'} not registered in this runtime`);
}
