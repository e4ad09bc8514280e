import { LANGS, type Lang } from '../../runtime/model/types';

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

/** The browser language codes spec 000 §1 matches exactly ("one of zh, en, zhtw if it matches"). */
const EXACT_MATCHES: Readonly<Record<string, Lang>> = { zh: 'zh-CN', en: 'en', zhtw: 'zh-TW' };

/**
 * Spec 000 §1: a stored language preference always wins. Otherwise the browser language decides:
 * traditional Chinese if it contains 'tw'; otherwise zh, en or zhtw when it is exactly one of them;
 * otherwise zh. So 'en-US' gives zh: only the bare 'en' selects English.
 */
export function detectLanguage(stored: string | null, browserLanguage: string | undefined): Lang {
  if (isLang(stored)) return stored;
  const browser = (browserLanguage ?? '').toLowerCase();
  if (browser.includes('tw')) return 'zh-TW';
  return EXACT_MATCHES[browser] ?? 'zh-CN';
}
