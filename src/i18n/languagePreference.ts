import type { Lang } from '../../runtime/model/types';
import { createPrefixedStorage } from '../session/createPrefixedStorage';
import { isLang } from './detectLanguage';

const LANG_KEY = 'lang';

/** The user's explicit language choice, kept without expiry ('cloudlab__lang'). */
export interface LanguagePreference {
  get(): Lang | null;
  set(lang: Lang): void;
}

export function createLanguagePreference(storage: Storage): LanguagePreference {
  const store = createPrefixedStorage(storage);
  return {
    get() {
      const value = store.get<string>(LANG_KEY);
      return isLang(value) ? value : null;
    },
    set(lang) {
      store.set(LANG_KEY, lang);
    },
  };
}
