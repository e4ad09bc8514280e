import { Button, Layout, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { MENU_LIST_PATH } from '../app/constants';
import { LanguageSwitch } from '../i18n/LanguageSwitch';
import { UserDropdown } from './UserDropdown';

/** The current top-level menu's title (click → /menuList), the language switch and the user dropdown. */
export function AppHeader({ topMenuTitle }: { topMenuTitle: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Layout.Header style={{ background: '#fff', padding: '0 16px', display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
      <Button type="link" title={t('header.backToMenuList')} onClick={() => navigate(MENU_LIST_PATH)} style={{ fontSize: 16, paddingLeft: 0 }}>
        {topMenuTitle ?? t('header.backToMenuList')}
      </Button>
      <Space size="small">
        <LanguageSwitch />
        <UserDropdown />
      </Space>
    </Layout.Header>
  );
}
