import patterns from '../../schemas/meta/patterns.json' with { type: 'json' };
import type { Lang, PatternDef } from '../model/types';

/**
 * The named validation patterns (spec 000 §5 / 001 §5) and the editable table's pattern codes
 * (n6-16, *6-16, s6-18, url, e, m, p, s, n, z, *, money). schemas/meta/patterns.json holds the data so
 * that the meta-schema tooling can read it; this module is the one place code reads it, on the client
 * (forms, editable table) and on the server (model validation) alike.
 */
export const PATTERNS: Readonly<Record<string, PatternDef>> = Object.freeze(
  Object.fromEntries(Object.entries(patterns).filter(([name]) => name !== '$comment')) as Record<string, PatternDef>,
);

/** Every pattern name and code, in file order. */
export const PATTERN_NAMES: readonly string[] = Object.freeze(Object.keys(PATTERNS));

const compiled = new Map<string, RegExp>();

export function isPatternName(name: string): boolean {
  return Object.hasOwn(PATTERNS, name);
}

/** The compiled regex of a named pattern; throws for an unknown name (a model typo must not pass silently). */
export function patternRegex(name: string): RegExp {
  let regex = compiled.get(name);
  if (regex) return regex;
  // own keys only: 'constructor' or 'toString' must not find Object.prototype's members
  const def = isPatternName(name) ? PATTERNS[name] : undefined;
  if (!def) throw new Error(`unknown validation pattern "${name}" (known: ${PATTERN_NAMES.join(', ')})`);
  // no g/y flag: test() must not carry lastIndex from one value to the next
  regex = new RegExp(def.regex);
  compiled.set(name, regex);
  return regex;
}

export function testPattern(name: string, value: string): boolean {
  return patternRegex(name).test(value);
}

/** The pattern's message in one language. */
export function patternMessage(name: string, lang: Lang): string {
  patternRegex(name);
  return (PATTERNS[name] as PatternDef).message[lang];
}

/** '' when the value fits the pattern, else the pattern's message in that language. */
export function checkPattern(name: string, value: string, lang: Lang): string {
  return testPattern(name, value) ? '' : patternMessage(name, lang);
}
