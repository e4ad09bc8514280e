import { MenuFoldOutlined, MenuUnfoldOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Layout, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { MENU_LIST_PATH } from '../app/constants';
import { LanguageSwitch } from '../i18n/LanguageSwitch';
import type { MenuNode } from '../session/types';
import { AppLogo } from './AppLogo';
import { FullscreenButton } from './FullscreenButton';
import { HeaderNotice } from '../notices/HeaderNotice';
import { MenuSearch } from './MenuSearch';
import { SideMenu } from './SideMenu';
import type { Device } from './useDevice';
import { UserDropdown } from './UserDropdown';

export interface AppHeaderProps {
  topMenuTitle: string | null;
  device: Device;
  layoutMode: 'sidemenu' | 'topmenu';
  navTheme: 'light' | 'dark';
  fixed: boolean;
  /** side-menu mode: the sidebar (or the mobile drawer) is folded */
  collapsed: boolean;
  onToggle(): void;
  onOpenSettings(): void;
  nodes: readonly MenuNode[];
  trail: readonly MenuNode[];
}

/**
 * Spec 000 §2 top bar: the fold toggle (side-menu mode), the current menu title (→ /menuList), in top-menu
 * mode the logo and the horizontal menu; on the right the menu search, fullscreen, language, the user
 * dropdown and the settings drawer. The right-hand tools are 360 px wide in top-menu mode; the logo at least 165 px.
 */
export function AppHeader(props: AppHeaderProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { device, layoutMode, navTheme, collapsed } = props;
  const mobile = device === 'mobile';
  const topMenu = layoutMode === 'topmenu' && !mobile;
  const dark = topMenu && navTheme === 'dark';
  const colour = dark ? '#fff' : undefined;

  return (
    <Layout.Header
      style={{
        background: dark ? '#001529' : '#fff',
        padding: mobile ? '0 8px' : '0 16px 0 0',
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        boxShadow: '0 1px 4px rgba(0,21,41,0.08)',
        ...(props.fixed ? { position: 'sticky', top: 0, zIndex: 20 } : {}),
      }}
    >
      {topMenu ? (
        <>
          <AppLogo dark={dark} minWidth={165} />
          <SideMenu nodes={props.nodes} trail={props.trail} collapsed={false} mode="horizontal" theme={navTheme} />
        </>
      ) : (
        <>
          <Button
            type="text"
            aria-label={t(collapsed ? 'header.unfold' : 'header.fold')}
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={props.onToggle}
            style={{ marginLeft: mobile ? 0 : 8 }}
          />
          <Button
            type="link"
            title={t('header.backToMenuList')}
            onClick={() => navigate(MENU_LIST_PATH)}
            // a button centres its text: squeezed on a phone it cut both ends (系统管理 lost half of 系); started at
            // the left, a name too long for the room ends in an ellipsis
            style={{ fontSize: 16, paddingInline: 0, minWidth: 0, flex: '0 1 auto', justifyContent: 'flex-start' }}
          >
            <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{props.topMenuTitle ?? t('header.backToMenuList')}</span>
          </Button>
          <div style={{ flex: 1 }} />
        </>
      )}
      <div
        style={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 4, flexShrink: 0, color: colour, ...(topMenu ? { width: 360 } : {}) }}
      >
        {!mobile && <MenuSearch nodes={props.nodes} width={topMenu ? 140 : 180} />}
        {!mobile && <FullscreenButton />}
        <HeaderNotice />
        <LanguageSwitch compact={mobile} />
        <UserDropdown compact={mobile} />
        <Tooltip title={t('settings.title')}>
          <Button type="text" aria-label={t('settings.title')} icon={<SettingOutlined />} onClick={props.onOpenSettings} />
        </Tooltip>
      </div>
    </Layout.Header>
  );
}
