import type { ModelFile, ModelView } from '../../runtime/model/types.js';
import type { SchemaProblem } from './checkModel.js';

/**
 * A view (a file with "viewOf") resolved into a complete model: the viewed model's entity (table,
 * fields after extensions, keys, indexes, scope) with the view's own field rules laid over it, and the
 * view's endpoints, screens, permission codes and hooks. The table stays the viewed model's: its
 * columns are created and extended by that model alone, so a view's rule may narrow a field (a
 * shorter maxLength, a required, a pattern) but never widen its column.
 */
export function resolveView(view: ModelView, target: ModelFile | 'view' | undefined, file: string): { model?: ModelFile; problems: SchemaProblem[] } {
  const problems: SchemaProblem[] = [];
  if (!target) return { problems: [{ file, path: '/viewOf', message: `unknown model "${view.viewOf}"` }] };
  if (target === 'view') return { problems: [{ file, path: '/viewOf', message: `"${view.viewOf}" is a view itself; view the model it views` }] };
  const entity = structuredClone(target.entity);
  for (const [name, rules] of Object.entries(view.rules ?? {})) {
    const field = entity.fields[name];
    if (!field) {
      problems.push({ file, path: `/rules/${name}`, message: `"${view.viewOf}" has no field "${name}"` });
      continue;
    }
    if (rules.maxLength !== undefined && field.maxLength !== undefined && rules.maxLength > field.maxLength) {
      problems.push({ file, path: `/rules/${name}/maxLength`, message: `maxLength ${rules.maxLength} exceeds the viewed field's ${field.maxLength}` });
    }
    const { messages, ...rest } = rules;
    entity.fields[name] = { ...field, ...rest, ...(messages ? { messages: { ...field.messages, ...messages } } : {}) };
  }
  if (view.defaultSort) entity.defaultSort = view.defaultSort;
  const { rules: _rules, defaultSort: _sort, $schema: _schema, ...own } = view;
  // which tenant a row belongs to is the table's, not the surface's: a view cannot drop or change it
  const tenancy = target.hooks?.tenancy;
  if (view.hooks?.tenancy && view.hooks.tenancy !== tenancy)
    problems.push({ file, path: '/hooks/tenancy', message: `a view keeps the tenancy of "${view.viewOf}" (${tenancy ?? 'none'})` });
  const hooks = tenancy ? { ...own.hooks, tenancy } : own.hooks;
  return { model: { ...own, ...(hooks ? { hooks } : {}), entity, viewOf: view.viewOf }, problems };
}
