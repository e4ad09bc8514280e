import type { FieldError } from '../ApiError';

/** Helpers both envelope readers share; each family keeps its own shape rules. */

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Codes arrive as numbers, and from some servers as strings ('200'). */
export function toCode(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) return Number(value.trim());
  return undefined;
}

export function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** `[{field, message}]` under `errors` of a failure payload (result.errors / data.errors). */
export function readFieldErrors(payload: unknown): FieldError[] | undefined {
  if (!isObject(payload) || !Array.isArray(payload.errors)) return undefined;
  return payload.errors
    .filter((e): e is Record<string, unknown> => isObject(e) && typeof e.field === 'string')
    .map((e) => ({ field: e.field as string, message: typeof e.message === 'string' ? e.message : '' }));
}
