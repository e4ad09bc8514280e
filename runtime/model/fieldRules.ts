import validationMessages from '../../schemas/meta/validation-messages.json';
import type { FieldDef, FieldMessages, FieldType, Lang, Scalar } from './types';

/**
 * The field rules of a model, in one place for both readers: the server validates writes with
 * checkFieldValue + ruleMessage, the client form wraps the very same calls as Formily validators.
 * Pure: no DOM, no React, no server code (the server may import runtime/model/ for this reason).
 *
 * Order, first failure wins:
 *  1. empty (absent, null or '') — 'required' when the field is required
 *  2. type — 'string' | 'integer' | 'number' | 'date' (a real YYYY-MM-DD) | 'datetime' (YYYY-MM-DD HH:mm:ss)
 *     | 'boolean' (stored 1/0) | 'json' (stored as JSON text) | 'list' (scalars of items.type, stored as JSON text);
 *     file, image and richText are text (file paths comma-joined)
 *  3. 'enum'
 *  4. 'maxLength', then 'minLength', in characters (code points)
 *  5. 'minimum', then 'maximum'
 *  6. 'pattern'
 *  7. 'accept' — file and image fields: every stored path (comma-joined) ends in one of the accepted extensions
 */

export type TypeRule = 'string' | 'integer' | 'number' | 'date' | 'datetime' | 'boolean' | 'json' | 'list';
export type FieldRule = 'required' | TypeRule | 'enum' | 'maxLength' | 'minLength' | 'minimum' | 'maximum' | 'pattern' | 'accept';
export type FieldCheck = { ok: true; value: Scalar | null } | { ok: false; rule: FieldRule };
export type Coerced = { ok: true; value: Scalar } | { ok: false; rule: TypeRule };

type MessageKey = Exclude<keyof typeof validationMessages, '$comment'>;
const MESSAGES = validationMessages as unknown as Record<MessageKey, Record<Lang, string>>;

const INTEGER = /^-?\d{1,15}$/;
const NUMBER = /^-?(?:\d{1,20}(?:\.\d{0,20})?|\.\d{1,20})(?:[eE][-+]?\d{1,3})?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

function realDate(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export function isDate(text: string): boolean {
  const m = DATE.exec(text);
  return m !== null && realDate(Number(m[1]), Number(m[2]), Number(m[3]));
}

export function isDateTime(text: string): boolean {
  const m = DATETIME.exec(text);
  return m !== null && realDate(Number(m[1]), Number(m[2]), Number(m[3])) && Number(m[4]) < 24 && Number(m[5]) < 60 && Number(m[6]) < 60;
}

const BOOLEAN_VALUES = new Map<unknown, number>([
  [true, 1],
  [false, 0],
  [1, 1],
  [0, 0],
  ['1', 1],
  ['0', 0],
  ['true', 1],
  ['false', 0],
]);

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function coerceList(raw: unknown, items: FieldItemType): Coerced {
  const parsed = typeof raw === 'string' ? parseJson(raw) : { ok: true as const, value: raw };
  if (!parsed.ok || !Array.isArray(parsed.value)) return { ok: false, rule: 'list' };
  const values: Scalar[] = [];
  for (const item of parsed.value) {
    const coerced = coerceValue(items, item);
    if (!coerced.ok) return { ok: false, rule: 'list' };
    values.push(coerced.value);
  }
  return { ok: true, value: JSON.stringify(values) };
}

/** The value type of a list field's items (string when the model does not say). */
export type FieldItemType = NonNullable<FieldDef['items']>['type'];

/**
 * A value as the field's column stores it, or the type rule it breaks. Numbers may arrive as
 * numeric strings (form widgets and dictionary radios send "1"); text fields accept numbers.
 * File and image fields take their stored paths, comma-joined (an array is joined).
 */
export function coerceValue(type: FieldType, raw: unknown, items: FieldItemType = 'string'): Coerced {
  switch (type) {
    case 'string':
    case 'text':
    case 'richText':
      if (typeof raw === 'string') return { ok: true, value: raw };
      if (typeof raw === 'number' && Number.isFinite(raw)) return { ok: true, value: String(raw) };
      return { ok: false, rule: 'string' };
    case 'file':
    case 'image':
      if (typeof raw === 'string') return { ok: true, value: raw };
      if (Array.isArray(raw) && raw.every((p) => typeof p === 'string' && p !== '' && !p.includes(','))) return { ok: true, value: raw.join(',') };
      return { ok: false, rule: 'string' };
    case 'boolean': {
      const value = BOOLEAN_VALUES.get(typeof raw === 'string' ? raw.trim() : raw);
      return value === undefined ? { ok: false, rule: 'boolean' } : { ok: true, value };
    }
    case 'json': {
      if (typeof raw === 'string') return parseJson(raw).ok ? { ok: true, value: raw } : { ok: false, rule: 'json' };
      return { ok: true, value: JSON.stringify(raw) };
    }
    case 'list':
      return coerceList(raw, items);
    case 'integer':
      if (typeof raw === 'number' && Number.isSafeInteger(raw)) return { ok: true, value: raw };
      if (typeof raw === 'string' && INTEGER.test(raw.trim())) return { ok: true, value: Number(raw.trim()) };
      return { ok: false, rule: 'integer' };
    case 'number':
      if (typeof raw === 'number' && Number.isFinite(raw)) return { ok: true, value: raw };
      if (typeof raw === 'string' && NUMBER.test(raw.trim()) && Number.isFinite(Number(raw.trim()))) return { ok: true, value: Number(raw.trim()) };
      return { ok: false, rule: 'number' };
    case 'date':
      return typeof raw === 'string' && isDate(raw) ? { ok: true, value: raw } : { ok: false, rule: 'date' };
    case 'datetime':
      return typeof raw === 'string' && isDateTime(raw) ? { ok: true, value: raw } : { ok: false, rule: 'datetime' };
  }
}

/** Characters as people count them (code points), not UTF-16 units or bytes. */
export function charCount(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

export const isEmptyValue = (value: unknown): boolean => value === undefined || value === null || value === '';

/** The field's default as a value, or undefined when it has none or a computed one (the server fills those on create). */
export function scalarDefault(def: FieldDef): Scalar | boolean | undefined {
  return typeof def.default === 'object' ? undefined : def.default;
}

/** Picked, not typed: dictionaries, enums and dates say 请选择… rather than 请输入…. */
export function isSelectField(def: FieldDef): boolean {
  return Boolean(def.dict || def.enum || def.ref) || def.type === 'date' || def.type === 'datetime' || def.type === 'boolean';
}

/** The extension of a stored path ('.png'), lower case; '' when it has none. */
function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

/** Whether every stored path of a file or image value has one of the field's accepted extensions. */
export function acceptsPaths(accept: readonly string[], value: string): boolean {
  const allowed = new Set(accept.map((ext) => ext.toLowerCase()));
  return value
    .split(',')
    .filter((path) => path !== '')
    .every((path) => allowed.has(extensionOf(path)));
}

/** the spec's image rule (001 §5): accept lists only jpg, jpeg and png, which has its own message */
const JPG_PNG = new Set(['.jpg', '.jpeg', '.png']);
const isJpgPngImage = (def: FieldDef) => def.type === 'image' && (def.accept ?? []).length > 0 && def.accept!.every((ext) => JPG_PNG.has(ext.toLowerCase()));

/** Uploaded, not typed: files and images say 请上传…. */
export function isUploadField(def: FieldDef): boolean {
  return def.type === 'file' || def.type === 'image';
}

/**
 * One value against one field's rules: the value as stored (empty optional values become null; text
 * keeps ''), or the first rule it breaks. `pattern` is the compiled regex of the field's named pattern.
 */
export function checkFieldValue(def: FieldDef, raw: unknown, pattern?: RegExp): FieldCheck {
  if (isEmptyValue(raw)) {
    if (def.required) return { ok: false, rule: 'required' };
    return { ok: true, value: raw === '' && (def.type === 'string' || def.type === 'text') ? '' : null };
  }
  const coerced = coerceValue(def.type, raw, def.items?.type);
  if (!coerced.ok) return coerced;
  const value = coerced.value;
  if (def.enum && !def.enum.includes(value)) return { ok: false, rule: 'enum' };
  if (typeof value === 'string') {
    const length = def.maxLength !== undefined || def.minLength !== undefined ? charCount(value) : 0;
    if (def.maxLength !== undefined && length > def.maxLength) return { ok: false, rule: 'maxLength' };
    if (def.minLength !== undefined && length < def.minLength) return { ok: false, rule: 'minLength' };
    if (pattern && !pattern.test(value)) return { ok: false, rule: 'pattern' };
    if ((def.type === 'file' || def.type === 'image') && def.accept?.length && !acceptsPaths(def.accept, value)) return { ok: false, rule: 'accept' };
  } else {
    if (def.minimum !== undefined && value < def.minimum) return { ok: false, rule: 'minimum' };
    if (def.maximum !== undefined && value > def.maximum) return { ok: false, rule: 'maximum' };
  }
  return { ok: true, value };
}

export interface RuleTexts {
  lang: Lang;
  /** zh-CN model text -> the language's text */
  text(zh: string): string;
  /** the named pattern's own message in that language */
  patternMessage?: string;
}

const OWN_MESSAGE: Partial<Record<FieldRule | 'unique' | 'ref', keyof FieldMessages>> = {
  required: 'required',
  enum: 'enum',
  maxLength: 'maxLength',
  minLength: 'minLength',
  minimum: 'minimum',
  maximum: 'maximum',
  pattern: 'pattern',
  unique: 'unique',
};

/**
 * The message of a broken rule: the field's own `messages` entry (zh-CN in the model, translated),
 * else schemas/meta/validation-messages.json ('requiredSelect' for picked fields, 'requiredUpload' for files and
 * images), else for patterns
 * the named pattern's message; {label}, {max}, {min}, {types} filled in.
 */
export function ruleMessage(def: FieldDef, rule: FieldRule | 'unique' | 'ref', texts: RuleTexts): string {
  const limits: Record<string, number | undefined> = {
    maxLength: def.maxLength,
    minLength: def.minLength,
    minimum: def.minimum,
    maximum: def.maximum,
  };
  // each template names the one limit of its own rule ({max} for maxLength/maximum, {min} for the others)
  const fill = (template: string) =>
    template.replace(/\{(label|max|min|types)\}/g, (_, name: string) =>
      name === 'label'
        ? texts.text(def.label)
        : name === 'types'
          ? (def.accept ?? []).map((ext) => ext.replace(/^\./, '')).join('/')
          : String(limits[rule] ?? ''),
    );
  const ownKey = OWN_MESSAGE[rule];
  const own = ownKey ? def.messages?.[ownKey] : undefined;
  if (own) return fill(texts.text(own));
  if (rule === 'pattern') return texts.patternMessage ?? '';
  if (rule === 'accept') return fill(MESSAGES[isJpgPngImage(def) ? 'acceptImage' : 'accept'][texts.lang]);
  const key: MessageKey = rule !== 'required' ? rule : isSelectField(def) ? 'requiredSelect' : isUploadField(def) ? 'requiredUpload' : 'required';
  return fill(MESSAGES[key][texts.lang]);
}
