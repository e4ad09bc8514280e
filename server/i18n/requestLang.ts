import type { Lang } from '../../runtime/model/types.js';

/** The language a request asks for (Accept-Language); zh-CN when it names none we have. */
export function requestLang(acceptLanguage: string | undefined): Lang {
  if (!acceptLanguage) return 'zh-CN';
  for (const part of acceptLanguage.toLowerCase().split(',')) {
    const tag = part.split(';')[0]!.trim();
    if (tag.includes('tw') || tag.includes('hant') || tag === 'zh-hk') return 'zh-TW';
    if (tag.startsWith('zh')) return 'zh-CN';
    if (tag.startsWith('en')) return 'en';
  }
  return 'zh-CN';
}
