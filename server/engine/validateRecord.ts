import type { Lang, Scalar } from '../../runtime/model/types.js';
import { checkFieldValue, isEmptyValue, ruleMessage, scalarDefault, type FieldRule } from '../../runtime/model/fieldRules.js';
import { firstRowFailure, rowFailureText, type RowColumn } from '../../runtime/validation/tableRows.js';
import type { FieldError } from '../errors.js';
import type { Translate } from '../i18n/translateText.js';
import { isComputedDefault, type CompiledField, type CompiledModel } from './compileModel.js';

export interface ValidationResult {
  values: Record<string, Scalar | null>;
  errors: FieldError[];
}

export interface MessageContext {
  lang: Lang;
  translate: Translate;
}

/** A broken rule's message in the request's language (runtime/model/fieldRules.ts, shared with the client form). */
export function fieldMessage(field: CompiledField, rule: FieldRule | 'unique' | 'ref', ctx: MessageContext): string {
  return ruleMessage(field.def, rule, {
    lang: ctx.lang,
    text: (zh) => ctx.translate(zh, ctx.lang),
    patternMessage: field.pattern?.def.message[ctx.lang],
  });
}

/** One field's value against its rules: the stored value, or the message of the first rule it breaks. */
export function checkField(field: CompiledField, raw: unknown, ctx: MessageContext): { value: Scalar | null } | { message: string } {
  const checked = checkFieldValue(field.def, raw, field.pattern?.regex);
  return checked.ok ? { value: checked.value } : { message: fieldMessage(field, checked.rule, ctx) };
}

/** A table field's rows against their declared rules (tableFieldRules.ts): the first broken cell's message, or ''. */
function checkRows(columns: RowColumn[], stored: Scalar | null, ctx: MessageContext): string {
  if (typeof stored !== 'string') return '';
  let rows: unknown;
  try {
    rows = JSON.parse(stored);
  } catch {
    return '';
  }
  if (!Array.isArray(rows)) return '';
  const objects = rows.map((row) => (typeof row === 'object' && row !== null ? (row as Record<string, unknown>) : {}));
  const titled = columns.map((column) => ({ ...column, title: ctx.translate(column.title, ctx.lang) }));
  const failure = firstRowFailure(titled, objects, ctx.lang);
  if (!failure) return '';
  return rowFailureText(failure, titled.find((column) => column.key === failure.column)?.title ?? failure.column, ctx.lang);
}

/**
 * A create checks every writable field (absent ones take field.default); an update checks the
 * fields it sends and leaves the others as they are. Callers have already refused unknown and
 * read-only names (assertBodyFields). A create that leaves a field with a computed default empty
 * is not checked here: the write fills and checks it in its transaction (computedDefaults.ts).
 */
export function validateRecord(model: CompiledModel, body: Record<string, unknown>, mode: 'create' | 'update', ctx: MessageContext): ValidationResult {
  const values: Record<string, Scalar | null> = {};
  const errors: FieldError[] = [];
  for (const field of model.writable) {
    const present = Object.hasOwn(body, field.name);
    if (mode === 'update' && !present) continue;
    const raw = present ? body[field.name] : scalarDefault(field.def);
    if (mode === 'create' && isEmptyValue(raw) && isComputedDefault(field.def.default)) continue;
    if (!present && raw === undefined && !field.def.required) continue;
    const result = checkField(field, raw, ctx);
    const rows = 'message' in result ? undefined : model.tableRows.get(field.name);
    const rowMessage = rows && 'value' in result ? checkRows(rows, result.value, ctx) : '';
    if ('message' in result) errors.push({ field: field.name, message: result.message });
    else if (rowMessage) errors.push({ field: field.name, message: rowMessage });
    else values[field.name] = result.value;
  }
  return { values, errors };
}
