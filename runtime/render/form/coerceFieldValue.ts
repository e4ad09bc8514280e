import type { FieldType, Scalar } from '../../model/types';

// The same type rules as the server's (server/engine/fieldValues.ts): the architecture keeps server
// and runtime code apart, so the few lines are mirrored rather than shared.

export type TypeRule = 'string' | 'integer' | 'number' | 'date' | 'datetime';
export type Coerced = { ok: true; value: Scalar } | { ok: false; rule: TypeRule };

const INTEGER = /^-?\d{1,15}$/;
const NUMBER = /^-?(?:\d{1,20}(?:\.\d{0,20})?|\.\d{1,20})(?:[eE][-+]?\d{1,3})?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

function realDate(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function isDate(text: string): boolean {
  const m = DATE.exec(text);
  return m !== null && realDate(Number(m[1]), Number(m[2]), Number(m[3]));
}

function isDateTime(text: string): boolean {
  const m = DATETIME.exec(text);
  return m !== null && realDate(Number(m[1]), Number(m[2]), Number(m[3])) && Number(m[4]) < 24 && Number(m[5]) < 60 && Number(m[6]) < 60;
}

/** A value as the field's column stores it, or the type rule it breaks. */
export function coerceFieldValue(type: FieldType, raw: unknown): Coerced {
  switch (type) {
    case 'string':
    case 'text':
      if (typeof raw === 'string') return { ok: true, value: raw };
      if (typeof raw === 'number' && Number.isFinite(raw)) return { ok: true, value: String(raw) };
      return { ok: false, rule: 'string' };
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

/** Characters as people count them (code points), not UTF-16 units. */
export function charCount(text: string): number {
  return Array.from(text).length;
}
