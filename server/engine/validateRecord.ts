import validationMessages from '../../schemas/meta/validation-messages.json' with { type: 'json' };
import type { FieldMessages, Lang, Scalar } from '../../runtime/model/types.js';
import type { FieldError } from '../errors.js';
import type { Translate } from '../i18n/translateText.js';
import type { CompiledField, CompiledModel } from './compileModel.js';
import { charCount, coerceValue } from './fieldValues.js';

type MessageKey = Exclude<keyof typeof validationMessages, '$comment'>;
const MESSAGES = validationMessages as unknown as Record<MessageKey, Record<Lang, string>>;

export interface ValidationResult {
  values: Record<string, Scalar | null>;
  errors: FieldError[];
}

export interface MessageContext {
  lang: Lang;
  translate: Translate;
}

const LIMITS: Partial<Record<MessageKey, (f: CompiledField) => { max?: number; min?: number }>> = {
  maxLength: (f) => ({ max: f.def.maxLength }),
  minLength: (f) => ({ min: f.def.minLength }),
  minimum: (f) => ({ min: f.def.minimum }),
  maximum: (f) => ({ max: f.def.maximum }),
};

/**
 * A field's message in the request's language: the field's own message (zh-CN text in the model,
 * translated) or the given default; {label} {max} {min} filled in.
 */
function fill(template: string, field: CompiledField, key: MessageKey | 'pattern', ctx: MessageContext): string {
  const limits = key === 'pattern' ? {} : (LIMITS[key]?.(field) ?? {});
  const params: Record<string, string> = {
    label: ctx.translate(field.def.label, ctx.lang),
    max: String(limits.max ?? ''),
    min: String(limits.min ?? ''),
  };
  return template.replace(/\{(label|max|min)\}/g, (_, name: string) => params[name]!);
}

export function fieldMessage(field: CompiledField, key: MessageKey, ctx: MessageContext, own: keyof FieldMessages | null = null): string {
  const override = own ? field.def.messages?.[own] : undefined;
  return fill(override ? ctx.translate(override, ctx.lang) : MESSAGES[key][ctx.lang], field, key, ctx);
}

function patternMessage(field: CompiledField, ctx: MessageContext): string {
  const override = field.def.messages?.pattern;
  return override ? fill(ctx.translate(override, ctx.lang), field, 'pattern', ctx) : field.pattern!.def.message[ctx.lang];
}

/** Picked, not typed: dictionaries, enums and dates say "请选择…" rather than "请输入…". */
function requiredKey(field: CompiledField): MessageKey {
  const def = field.def;
  return def.dict || def.enum || def.type === 'date' || def.type === 'datetime' ? 'requiredSelect' : 'required';
}

/**
 * One field's value against its rules: the stored value, or the message of the first rule it
 * breaks. The client form applies the same rules in the same order, with the same messages:
 *  1. empty (absent, null or '') — required: messages.required ?? 'requiredSelect' (dict, enum,
 *     date, datetime) / 'required'; not required: stored as null (text keeps '')
 *  2. type — 'string' | 'integer' | 'number' | 'date' (a real YYYY-MM-DD) | 'datetime' (YYYY-MM-DD HH:mm:ss)
 *  3. enum — messages.enum ?? 'enum'
 *  4. maxLength, then minLength, in characters — messages.* ?? 'maxLength' / 'minLength'
 *  5. minimum, then maximum — messages.* ?? 'minimum' / 'maximum'
 *  6. pattern — messages.pattern ?? the named pattern's own message (schemas/meta/patterns.json)
 */
export function checkField(field: CompiledField, raw: unknown, ctx: MessageContext): { value: Scalar | null } | { message: string } {
  const def = field.def;
  if (raw === undefined || raw === null || raw === '') {
    if (def.required) return { message: fieldMessage(field, requiredKey(field), ctx, 'required') };
    return { value: raw === '' && (def.type === 'string' || def.type === 'text') ? '' : null };
  }
  const coerced = coerceValue(def.type, raw);
  if (!coerced.ok) return { message: fieldMessage(field, coerced.rule, ctx) };
  const value = coerced.value;
  if (def.enum && !def.enum.includes(value)) return { message: fieldMessage(field, 'enum', ctx, 'enum') };
  if (typeof value === 'string') {
    const length = def.maxLength !== undefined || def.minLength !== undefined ? charCount(value) : 0;
    if (def.maxLength !== undefined && length > def.maxLength) return { message: fieldMessage(field, 'maxLength', ctx, 'maxLength') };
    if (def.minLength !== undefined && length < def.minLength) return { message: fieldMessage(field, 'minLength', ctx, 'minLength') };
    if (field.pattern && !field.pattern.regex.test(value)) return { message: patternMessage(field, ctx) };
  } else {
    if (def.minimum !== undefined && value < def.minimum) return { message: fieldMessage(field, 'minimum', ctx, 'minimum') };
    if (def.maximum !== undefined && value > def.maximum) return { message: fieldMessage(field, 'maximum', ctx, 'maximum') };
  }
  return { value };
}

/**
 * A create checks every writable field (absent ones take field.default); an update checks the
 * fields it sends and leaves the others as they are. Callers have already refused unknown and
 * read-only names (assertBodyFields).
 */
export function validateRecord(model: CompiledModel, body: Record<string, unknown>, mode: 'create' | 'update', ctx: MessageContext): ValidationResult {
  const values: Record<string, Scalar | null> = {};
  const errors: FieldError[] = [];
  for (const field of model.writable) {
    const present = Object.hasOwn(body, field.name);
    if (mode === 'update' && !present) continue;
    const raw = present ? body[field.name] : field.def.default;
    if (!present && raw === undefined && !field.def.required) continue;
    const result = checkField(field, raw, ctx);
    if ('message' in result) errors.push({ field: field.name, message: result.message });
    else values[field.name] = result.value;
  }
  return { values, errors };
}
