import type { ISchema } from '@formily/json-schema';
import systemFields from '../../../schemas/meta/system-fields.json';
import { compileExpression } from '../../expression';
import type { HookRegistry } from '../../hooks/createHookRegistry';
import type { ServedModel } from '../../model/types';
import type { FormMode } from './formMode';
import type { FormEntry } from './formFields';

type Reaction = Exclude<ISchema['x-reactions'], undefined | unknown[]> | ((field: never) => void);

/** The names an expression may read: the entity's fields and the system fields every table has. */
function knownFields(served: ServedModel): string[] {
  return [...Object.keys(served.model.entity.fields), ...Object.keys(systemFields).filter((name) => name !== '$comment')];
}

/** Checks an expression of the model at `path`; the error names the model, the path and the problem. */
export function checkedExpression(served: ServedModel, text: string, path: string): string {
  try {
    compileExpression(text, { fields: knownFields(served) });
  } catch (error) {
    throw new Error(`model ${served.model.id}: ${path}: ${(error as Error).message}`);
  }
  return `{{${text}}}`;
}

const toggle = (when: string, state: 'visible' | 'disabled' | 'required'): Reaction => ({
  when,
  fulfill: { state: { [state]: true } },
  otherwise: { state: { [state]: false } },
});

/**
 * The Formily reactions of one form field, from the model's declarations: visibleWhen, disabledWhen
 * (form item), requiredWhen and compute (entity field), and the item's formReaction hooks. Expressions
 * are checked here, so a model error surfaces when the form is built; they are evaluated by the safe
 * compiler (runtime/render/safeCompiler.ts). A detail view keeps only visibleWhen and the hooks: it
 * shows the stored values, editable by nobody.
 */
export function fieldReactions(served: ServedModel, entry: FormEntry, mode: FormMode, readPretty: boolean, hooks?: HookRegistry): Reaction[] {
  const { item, def, name } = entry;
  const fieldPath = `entity.fields.${name}`;
  const reactions: Reaction[] = [];
  if (item.visibleWhen) reactions.push(toggle(checkedExpression(served, item.visibleWhen, `${entry.path}.visibleWhen`), 'visible'));
  const editable = mode !== 'detail' && !readPretty;
  if (item.disabledWhen) {
    const when = checkedExpression(served, item.disabledWhen, `${entry.path}.disabledWhen`);
    // a field that is read-only anyway keeps its pattern: disabled=false would make it editable
    if (editable && !def.compute) reactions.push(toggle(when, 'disabled'));
  }
  if (def.requiredWhen) {
    const when = checkedExpression(served, def.requiredWhen, `${fieldPath}.requiredWhen`);
    if (editable) reactions.push(toggle(when, 'required'));
  }
  if (def.compute) {
    const value = checkedExpression(served, def.compute, `${fieldPath}.compute`);
    if (mode !== 'detail') reactions.push({ fulfill: { state: { value } } });
  }
  // without a registry (formWidgetNames only collects widget names) the hooks are not resolved
  for (const [index, hookName] of (hooks ? (item.hooks ?? []) : []).entries()) {
    const hook = hooks?.get('formReaction', hookName);
    if (!hook)
      throw new Error(
        `model ${served.model.id}: ${entry.path}.hooks[${index}] names the formReaction hook "${hookName}", which is not registered in this runtime`,
      );
    reactions.push((field: never) => hook(field, { served, mode }));
  }
  return reactions;
}
