import * as OpenCC from 'opencc-js';

// OpenCC's converter builds its dictionaries on first use (~100 ms); build it once, lazily, and
// memoise results because the same labels are converted on every model request.
let converter: ((text: string) => string) | null = null;
const memo = new Map<string, string>();

/** Simplified (mainland) Chinese -> Traditional (Taiwan) with Taiwan phrases. */
export function toTraditional(text: string): string {
  const cached = memo.get(text);
  if (cached !== undefined) return cached;
  converter ??= OpenCC.Converter({ from: 'cn', to: 'twp' });
  const result = converter(text);
  if (memo.size < 50_000) memo.set(text, result);
  return result;
}
