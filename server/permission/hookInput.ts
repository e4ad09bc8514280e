import { appError } from '../errors.js';

export { containsSql } from '../engine/containsText.js';

/** A text of a row a hook read (ctx.rows), or null where the row has none: a field the caller's roles hide is not in it. */
export function shownText(value: unknown): string | null {
  return value === undefined || value === null ? null : String(value);
}

const MAX_IDS = 1000;
const MAX_ID_LENGTH = 64;
const MAX_KEYWORD = 100;

/** A list of ids from a JSON body (`["a","b"]` or `"a,b"`), refused when malformed or too long. */
export function idList(value: unknown, name: string): string[] {
  const raw = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : value === undefined || value === null ? [] : null;
  if (raw === null) throw appError('CL_ERR_BAD_REQUEST', { detail: `${name} must be a list of ids` });
  const ids = raw.map((v) => (typeof v === 'string' ? v.trim() : v)).filter((v) => v !== '');
  if (ids.length > MAX_IDS || ids.some((v) => typeof v !== 'string' || v.length > MAX_ID_LENGTH))
    throw appError('CL_ERR_BAD_REQUEST', { detail: `${name}: at most ${MAX_IDS} ids of at most ${MAX_ID_LENGTH} characters` });
  return [...new Set(ids as string[])];
}

/** One required id (a query or path parameter, or a body property). */
export function requiredId(value: unknown, name: string): string {
  if (typeof value !== 'string' || value === '' || value.length > MAX_ID_LENGTH) throw appError('CL_ERR_BAD_REQUEST', { detail: name });
  return value;
}

/** An optional search text: trimmed, empty means none. */
export function keywordOf(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value.length > MAX_KEYWORD) throw appError('CL_ERR_BAD_REQUEST', { detail: 'keyword' });
  const text = value.trim();
  return text === '' ? null : text;
}

/** A page request (api dialect names): currentPage from 1, pageSize 1..500 (default 20). */
export function pageOf(query: Record<string, string>): { currentPage: number; pageSize: number } {
  const number = (text: string | undefined, fallback: number, max: number, name: string) => {
    if (text === undefined || text === '') return fallback;
    if (!/^\d{1,6}$/.test(text) || Number(text) < 1 || Number(text) > max) throw appError('CL_ERR_BAD_REQUEST', { detail: name });
    return Number(text);
  };
  return { currentPage: number(query.currentPage, 1, 100_000, 'currentPage'), pageSize: number(query.pageSize, 20, 500, 'pageSize') };
}
