import patterns from '../../../schemas/meta/patterns.json';
import validationMessages from '../../../schemas/meta/validation-messages.json';
import type { FieldDef, FieldMessages, Lang, PatternDef, ServedModel } from '../../model/types';
import { modelText } from '../modelText';
import { charCount, coerceFieldValue } from './coerceFieldValue';

/**
 * Formily x-validator rules: the built-in required rule (it also draws the asterisk), then one function
 * returning '' or the message of the first rule the value breaks.
 */
export type ValidatorRule = { required: true; message: string } | { validator: (value: unknown) => string };

type MessageKey = Exclude<keyof typeof validationMessages, '$comment'>;
const MESSAGES = validationMessages as unknown as Record<MessageKey, Record<Lang, string>>;

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/** Picking a value rather than typing one: the server says 请选择… for these. */
export function isSelectField(def: FieldDef): boolean {
  return Boolean(def.dict || def.enum) || def.type === 'date' || def.type === 'datetime';
}

function patternOf(served: ServedModel, name: string): { regex: string; message: string } | undefined {
  const servedPattern = served.patterns[name];
  if (servedPattern) return servedPattern;
  // a server that did not list the pattern: the shared file has the same regex and texts
  const shared = (patterns as unknown as Record<string, PatternDef | undefined>)[name];
  return shared && typeof shared === 'object' ? { regex: shared.regex, message: shared.message[served.lang] } : undefined;
}

/**
 * The client-side twin of the server's checkField (server/engine/validateRecord.ts): the same rules in
 * the same order — required, type, enum, maxLength, minLength, pattern, minimum, maximum — with the same
 * messages (the field's own `messages` first, then schemas/meta/validation-messages.json or the named
 * pattern's message), in the served language.
 */
export function buildValidators(served: ServedModel, def: FieldDef): ValidatorRule[] {
  const label = modelText(served, def.label);
  const fill = (text: string, limits: { max?: number; min?: number } = {}) =>
    text.replace(/\{(label|max|min)\}/g, (_, name: 'label' | 'max' | 'min') => (name === 'label' ? label : String(limits[name] ?? '')));
  const message = (key: MessageKey, own: keyof FieldMessages | null, limits?: { max?: number; min?: number }) => {
    const override = own ? def.messages?.[own] : undefined;
    return fill(override ? modelText(served, override) : MESSAGES[key][served.lang], limits);
  };

  const pattern = def.pattern ? patternOf(served, def.pattern) : undefined;
  if (def.pattern && !pattern) throw new Error(`model ${served.model.id}: field "${def.label}" uses the unknown pattern "${def.pattern}"`);
  const regex = pattern ? new RegExp(pattern.regex) : undefined;
  const patternMessage = () => (def.messages?.pattern ? fill(modelText(served, def.messages.pattern)) : (pattern?.message ?? ''));

  const firstBroken = (raw: unknown): string => {
    if (isEmpty(raw)) return '';
    const coerced = coerceFieldValue(def.type, raw);
    if (!coerced.ok) return message(coerced.rule, null);
    const value = coerced.value;
    if (def.enum && !def.enum.includes(value)) return message('enum', 'enum');
    if (typeof value === 'string') {
      const length = charCount(value);
      if (def.maxLength !== undefined && length > def.maxLength) return message('maxLength', 'maxLength', { max: def.maxLength });
      if (def.minLength !== undefined && length < def.minLength) return message('minLength', 'minLength', { min: def.minLength });
      if (regex && !regex.test(value)) return patternMessage();
    } else {
      if (def.minimum !== undefined && value < def.minimum) return message('minimum', 'minimum', { min: def.minimum });
      if (def.maximum !== undefined && value > def.maximum) return message('maximum', 'maximum', { max: def.maximum });
    }
    return '';
  };

  const rules: ValidatorRule[] = [];
  if (def.required) rules.push({ required: true, message: message(isSelectField(def) ? 'requiredSelect' : 'required', 'required') });
  rules.push({ validator: firstBroken });
  return rules;
}
