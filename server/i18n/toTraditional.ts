import * as OpenCC from 'opencc-js';

// OpenCC's converter builds its dictionaries on first use (~100 ms); build it once, lazily, and
// memoise results because the same labels are converted on every model request.
let converter: ((text: string) => string) | null = null;
const memo = new Map<string, string>();

/**
 * Phrases OpenCC gets wrong in this product's texts, fixed after the conversion: 注销登录 ('log out') would
 * read 登出登入 ('log out log in'), and 最多只能 ('at most') takes 只 for the measure word 隻.
 */
const CORRECTIONS: readonly (readonly [string, string])[] = [
  ['登出登入', '登出'],
  ['多隻能', '多只能'],
];

/** Simplified (mainland) Chinese -> Traditional (Taiwan) with Taiwan phrases. */
export function toTraditional(text: string): string {
  const cached = memo.get(text);
  if (cached !== undefined) return cached;
  converter ??= OpenCC.Converter({ from: 'cn', to: 'twp' });
  const result = CORRECTIONS.reduce((converted, [wrong, right]) => converted.replaceAll(wrong, right), converter(text));
  if (memo.size < 50_000) memo.set(text, result);
  return result;
}
