import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGS, type Lang } from '../../runtime/model/types';
import { LANGUAGE_OWN_NAMES } from './languageOwnNames';
import { useCurrentLanguage } from './useCurrentLanguage';
import { useSwitchLanguage } from './useSwitchLanguage';

/** The sign-in page's language choice: plain links, so antd's Dropdown and Menu stay out of its chunk. */
export function LanguageLinks() {
  const { t } = useTranslation();
  const current = useCurrentLanguage();
  const switchLanguage = useSwitchLanguage();
  return (
    <nav aria-label={t('language.label')}>
      {LANGS.map((lang: Lang) => (
        <Button
          key={lang}
          type="link"
          size="small"
          disabled={lang === current}
          aria-current={lang === current ? 'true' : undefined}
          onClick={() => switchLanguage(lang)}
        >
          {LANGUAGE_OWN_NAMES[lang]}
        </Button>
      ))}
    </nav>
  );
}
