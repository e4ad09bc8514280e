import { useTranslation } from 'react-i18next';
import { LANGS, type Lang } from '../../runtime/model/types';
import { PlainButton } from '../plain/PlainButton';
import { LANGUAGE_OWN_NAMES } from './languageOwnNames';
import { useCurrentLanguage } from './useCurrentLanguage';
import { useSwitchLanguage } from './useSwitchLanguage';

/** The sign-in page's language choice: antd-look link buttons without antd, which the sign-in route does not load. */
export function LanguageLinks() {
  const { t } = useTranslation();
  const current = useCurrentLanguage();
  const switchLanguage = useSwitchLanguage();
  return (
    <nav aria-label={t('language.label')}>
      {LANGS.map((lang: Lang) => (
        <PlainButton
          key={lang}
          kind="link"
          size="small"
          disabled={lang === current}
          aria-current={lang === current ? 'true' : undefined}
          onClick={() => switchLanguage(lang)}
        >
          {LANGUAGE_OWN_NAMES[lang]}
        </PlainButton>
      ))}
    </nav>
  );
}
