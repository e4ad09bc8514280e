import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGS, type Lang } from '../../runtime/model/types';
import { LANGUAGE_OWN_NAMES } from './languageOwnNames';
import { useCurrentLanguage } from './useCurrentLanguage';
import { useSwitchLanguage } from './useSwitchLanguage';

/** The header's language menu; each language is named in its own language. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const current = useCurrentLanguage();
  const switchLanguage = useSwitchLanguage();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: LANGS.map((lang) => ({ key: lang, label: LANGUAGE_OWN_NAMES[lang] })),
        onClick: ({ key }) => switchLanguage(key as Lang),
      }}
    >
      <Button type="text" aria-label={t('language.label')}>
        {LANGUAGE_OWN_NAMES[current]}
      </Button>
    </Dropdown>
  );
}
