import { useTranslation } from 'react-i18next';
import type { Lang } from '../../runtime/model/types';
import { isLang } from './detectLanguage';

/** The interface language; re-renders when it changes. */
export function useCurrentLanguage(): Lang {
  const { i18n } = useTranslation();
  return isLang(i18n.language) ? i18n.language : 'zh-CN';
}
