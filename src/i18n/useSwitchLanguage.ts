import type { Lang } from '../../runtime/model/types';
import { useAppServices } from '../app/AppServices';
import { loadAppTexts } from './appTexts';

/**
 * Stores the preference and switches i18next; everything that depends on the language listens to
 * i18next (antd locale, dayjs, the runtime's model cache and the menu in the app area).
 */
export function useSwitchLanguage(): (lang: Lang) => void {
  const { languagePreference, i18n } = useAppServices();
  return (lang) => {
    languagePreference.set(lang);
    // the shell's texts of that language first: switched before they arrive, the UI would show keys
    void loadAppTexts(i18n, lang)
      .catch(() => undefined)
      .then(() => i18n.changeLanguage(lang));
  };
}
