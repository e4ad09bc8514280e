import { LANGS, type Lang } from '../../runtime/model/types';

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

/**
 * Spec 000 §1: a stored language preference always wins. Otherwise the browser language decides:
 * traditional Chinese if it contains 'tw'; otherwise zh or en if it matches; otherwise zh.
 */
export function detectLanguage(stored: string | null, browserLanguage: string | undefined): Lang {
  if (isLang(stored)) return stored;
  const browser = (browserLanguage ?? '').toLowerCase();
  if (browser.includes('tw')) return 'zh-TW';
  if (browser === 'en' || browser.startsWith('en-') || browser.startsWith('en_')) return 'en';
  return 'zh-CN';
}
