import { Layout } from 'antd';
import { Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { DEFAULT_HOME_PATH, USER_ANNOUNCEMENT_PATH } from '../app/constants';
import { PageLoading } from '../app/PageLoading';
import { usePageTitle } from '../app/usePageTitle';
import { buildRoutes } from '../menu/buildRoutes';
import { findMenuTrail } from '../menu/findMenuTrail';
import { messageCentreTitles } from '../menu/messageCentreTitles';
import { MenuRoutes } from '../menu/MenuRoutes';
import { BusinessTokenProvider } from '../menu/useBusinessToken';
import { selectMenuSubtree } from '../menu/selectMenuSubtree';
import { chosenTopMenu } from '../menu/topLevelChoices';
import { myAnnouncementsTitle } from '../notices/noticeTexts';
import { useSession } from '../session/useSession';
import { useAppServices } from '../app/AppServices';
import { useSettings } from '../settings/useSettings';
import { AppBreadcrumb } from './AppBreadcrumb';
import { AppHeader } from './AppHeader';
import { AppLogo } from './AppLogo';
import { showsPage } from './modelIdAt';
import { SideMenu } from './SideMenu';
import { KeptPages } from './tabs/KeptPages';
import { PageTabs } from './tabs/PageTabs';
import { usePageTabs } from './tabs/usePageTabs';
import { useDevice } from './useDevice';
import { usePrefetchModelPage } from './usePrefetchModelPage';
import { dialogFailure, lazyPart } from '../../runtime/render/lazyPart';

const SettingsDrawer = lazyPart(
  async () => (await import('../settings/SettingsDrawer')).SettingsDrawer,
  dialogFailure((props) => props.onClose()),
);
// a phone's menu drawer (antd's Drawer and its motion): wider screens never load it
const Drawer = lazyPart(async () => (await import('antd/es/drawer')).default);

const SIDER_WIDTH = 208;
/** spec 000 §1 "fixed content width" (top-menu layout): Ant Design Pro's 1200 px */
const FIXED_CONTENT_WIDTH = 1200;

export interface AppLayoutProps {
  renderModelPage(modelId: string): ReactNode;
  /** starts loading the page of a model the path opens, before the layout renders it (runtime.screens.start) */
  prefetchModelPage?(modelId: string): void;
}

/**
 * Spec 000 §2 "Shell": the side (or top) menu of the chosen subtree, the header, the tabs, the breadcrumb
 * and the routed pages; wide screen, tablet (sidebar folded) and mobile (menu in a drawer, no tabs).
 */
export function AppLayout({ renderModelPage, prefetchModelPage }: AppLayoutProps) {
  const { t, i18n } = useTranslation();
  const { settings: settingsStore } = useAppServices();
  const settings = useSettings();
  const { menu, topMenuId, token } = useSession();
  const { pathname } = useLocation();
  const device = useDevice();
  const mobile = device === 'mobile';
  const [tabletCollapsed, setTabletCollapsed] = useState(true);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);

  const lang = i18n.language;
  const centreTitles = useMemo(() => messageCentreTitles(i18n), [i18n, lang]);
  const nodes = useMemo(() => selectMenuSubtree(menu ?? [], topMenuId, centreTitles), [menu, topMenuId, centreTitles]);
  const routes = useMemo(() => buildRoutes(nodes), [nodes]);
  usePrefetchModelPage(routes, pathname, prefetchModelPage);
  const trail = useMemo(() => findMenuTrail(nodes, pathname), [nodes, pathname]);
  const topMenu = chosenTopMenu(menu ?? [], topMenuId);
  const home = pathname === DEFAULT_HOME_PATH;
  // spec 000 §2: "page title · product name", except on the home page
  // the fixed pages that are no menu item name themselves
  const fixedTitle = useCallback((path: string) => (path === USER_ANNOUNCEMENT_PATH ? myAnnouncementsTitle(i18n) : null), [i18n]);
  usePageTitle(home ? null : (trail.at(-1)?.meta.title ?? fixedTitle(pathname)));

  const isPage = useCallback((path: string) => showsPage(routes, path), [routes]);
  const tabs = usePageTabs(isPage);
  const titleOf = useCallback(
    (key: string) => (key === DEFAULT_HOME_PATH ? t('breadcrumb.home') : (findMenuTrail(nodes, key).at(-1)?.meta.title ?? fixedTitle(key) ?? key)),
    [nodes, t, fixedTitle],
  );
  const keepAlive = useCallback((key: string) => key === DEFAULT_HOME_PATH || findMenuTrail(nodes, key).at(-1)?.meta.keepAlive === true, [nodes]);
  const renderAt = useCallback(
    (location: string | undefined) => <MenuRoutes routes={routes} renderModelPage={renderModelPage} location={location} />,
    [routes, renderModelPage],
  );

  // the mobile drawer closes on navigation
  useEffect(() => setDrawerOpen(false), [pathname]);

  // signing out empties the session before the navigation to the login page lands: render nothing meanwhile
  if (token === null || menu === null) return <PageLoading />;

  const sideMode = settings.layoutMode === 'sidemenu' || mobile;
  const collapsed = mobile ? !drawerOpen : device === 'tablet' ? tabletCollapsed : !settings.sidebarOpen;
  const toggle = () => {
    if (mobile) setDrawerOpen((open) => !open);
    else if (device === 'tablet') setTabletCollapsed((c) => !c);
    else settingsStore.update({ sidebarOpen: !settings.sidebarOpen });
  };
  const dark = settings.navTheme === 'dark';
  const sideMenu = (folded: boolean) => (
    <>
      <AppLogo collapsed={folded} dark={dark} />
      <SideMenu nodes={nodes} trail={trail} collapsed={folded} theme={settings.navTheme} onChosen={mobile ? () => setDrawerOpen(false) : undefined} />
    </>
  );
  const fixedWidth = settings.contentWidth === 'fixed' && !sideMode;

  return (
    <BusinessTokenProvider>
      <Layout style={{ minHeight: '100%' }}>
        {sideMode && !mobile && (
          <Layout.Sider
            theme={settings.navTheme}
            collapsible
            collapsed={collapsed}
            trigger={null}
            width={SIDER_WIDTH}
            style={{ boxShadow: '2px 0 6px rgba(0,21,41,0.08)' }}
          >
            {sideMenu(collapsed)}
          </Layout.Sider>
        )}
        {sideMode && mobile && (
          <Suspense fallback={null}>
            <Drawer
              placement="left"
              open={drawerOpen}
              onClose={() => setDrawerOpen(false)}
              width={SIDER_WIDTH}
              closable={false}
              styles={{ body: { padding: 0, background: dark ? '#001529' : '#fff' } }}
            >
              {sideMenu(false)}
            </Drawer>
          </Suspense>
        )}
        <Layout style={{ minWidth: 0 }}>
          <AppHeader
            topMenuTitle={topMenu?.meta.title ?? null}
            device={device}
            layoutMode={settings.layoutMode}
            navTheme={settings.navTheme}
            fixed={settings.fixedHeader}
            collapsed={collapsed}
            onToggle={toggle}
            onOpenSettings={() => setSettingsOpen(true)}
            nodes={nodes}
            trail={trail}
          />
          {settings.multiTab && !mobile && <PageTabs state={tabs} titleOf={titleOf} />}
          <Layout.Content style={{ padding: mobile ? '0 8px 8px' : '0 16px 16px', minWidth: 0 }}>
            <div style={fixedWidth ? { maxWidth: FIXED_CONTENT_WIDTH, margin: '0 auto' } : undefined}>
              <AppBreadcrumb trail={trail} page={home ? null : fixedTitle(pathname)} />
              <KeptPages tabs={tabs.tabs} activeKey={tabs.activeKey} keepAlive={keepAlive} generations={tabs.generations} render={renderAt} />
            </div>
          </Layout.Content>
          <Layout.Footer style={{ padding: 0 }} />
        </Layout>
        <Suspense fallback={null}>{settingsOpen && <SettingsDrawer open onClose={() => setSettingsOpen(false)} />}</Suspense>
      </Layout>
    </BusinessTokenProvider>
  );
}
