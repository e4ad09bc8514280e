import { TranslationOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGS, type Lang } from '../../runtime/model/types';
import { LANGUAGE_OWN_NAMES } from './languageOwnNames';
import { useCurrentLanguage } from './useCurrentLanguage';
import { useSwitchLanguage } from './useSwitchLanguage';

/**
 * The header's language menu; each language is named in its own language. Compact (phones): an icon in
 * place of the current language's name, so that the menu title beside it keeps its room.
 */
export function LanguageSwitch({ compact = false }: { compact?: boolean }) {
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
      <Button type="text" aria-label={t('language.label')} icon={compact ? <TranslationOutlined /> : undefined}>
        {compact ? null : LANGUAGE_OWN_NAMES[current]}
      </Button>
    </Dropdown>
  );
}
