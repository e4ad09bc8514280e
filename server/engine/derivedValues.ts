import { isTruthy } from '../../runtime/expression/index.js';
import { isEmptyValue } from '../../runtime/model/fieldRules.js';
import type { FieldError } from '../errors.js';
import type { CompiledModel } from './compileModel.js';
import { checkField, fieldMessage, type MessageContext } from './validateRecord.js';

/** A record as expressions read it: json and list fields as values (the form holds them so), not their stored text. */
function expressionView(model: CompiledModel, record: Record<string, unknown>): Record<string, unknown> {
  const view = { ...record };
  for (const field of model.structured) {
    const value = view[field.name];
    if (typeof value !== 'string') continue;
    try {
      view[field.name] = JSON.parse(value);
    } catch {
      // a text column written outside the engine: the expression sees it as text
    }
  }
  return view;
}

/**
 * Recomputes every `compute` field of the record in place, in declaration order (a later compute may
 * read an earlier one), so a value the client sent or tampered with is replaced by the server's. A
 * result that does not fit the field's type or rules is that field's error.
 */
export function recompute(model: CompiledModel, record: Record<string, unknown>, ctx: MessageContext): FieldError[] {
  const errors: FieldError[] = [];
  for (const { field, expression } of model.computes) {
    const checked = checkField(field, expression.evaluate(expressionView(model, record)), ctx);
    if ('message' in checked) errors.push({ field: field.name, message: checked.message });
    else record[field.name] = checked.value;
  }
  return errors;
}

/** `requiredWhen`: an empty field whose expression holds on the whole record breaks the `required` rule, with its message. */
export function requiredWhenErrors(model: CompiledModel, record: Record<string, unknown>, ctx: MessageContext): FieldError[] {
  const view = expressionView(model, record);
  return model.requiredWhens
    .filter(({ field, expression }) => isEmptyValue(record[field.name]) && isTruthy(expression.evaluate(view)))
    .map(({ field }) => ({ field: field.name, message: fieldMessage(field, 'required', ctx) }));
}
