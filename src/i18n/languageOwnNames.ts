import type { Lang } from '../../runtime/model/types';

/**
 * Each language named in itself (an endonym), so a language choice reads the same whatever language is shown.
 * Constants, not catalogue texts: the shell loads one language's catalogue at a time, and a name looked up in a
 * catalogue that is not loaded yet fell back to the current language's spelling (繁体中文 on the zh-CN page).
 */
export const LANGUAGE_OWN_NAMES: Readonly<Record<Lang, string>> = {
  'zh-CN': '简体中文',
  en: 'English',
  'zh-TW': '繁體中文',
};
