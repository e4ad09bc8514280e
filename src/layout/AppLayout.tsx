import { Layout } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { MENU_LIST_PATH } from '../app/constants';
import { PageLoading } from '../app/PageLoading';
import { usePageTitle } from '../app/usePageTitle';
import { buildRoutes } from '../menu/buildRoutes';
import { findMenuTrail } from '../menu/findMenuTrail';
import { messageCentreTitles } from '../menu/messageCentreTitles';
import { MenuRoutes } from '../menu/MenuRoutes';
import { selectMenuSubtree } from '../menu/selectMenuSubtree';
import { chosenTopMenu } from '../menu/topLevelChoices';
import { Logo } from '../pages/Logo';
import { useSession } from '../session/useSession';
import { AppBreadcrumb } from './AppBreadcrumb';
import { AppHeader } from './AppHeader';
import { SideMenu } from './SideMenu';
import { usePrefetchModelPage } from './usePrefetchModelPage';

export interface AppLayoutProps {
  renderModelPage(modelId: string): ReactNode;
  /** starts loading the page of a model the path opens, before the layout renders it (runtime.screens.start) */
  prefetchModelPage?(modelId: string): void;
}

/** Side menu (the chosen subtree), header, breadcrumb and the routed page (spec 000 §2 "Shell"). */
export function AppLayout({ renderModelPage, prefetchModelPage }: AppLayoutProps) {
  const { t, i18n } = useTranslation();
  const { menu, topMenuId, token } = useSession();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(false);

  const lang = i18n.language;
  const centreTitles = useMemo(() => messageCentreTitles(i18n), [i18n, lang]);
  const nodes = useMemo(() => selectMenuSubtree(menu ?? [], topMenuId, centreTitles), [menu, topMenuId, centreTitles]);
  const routes = useMemo(() => buildRoutes(nodes), [nodes]);
  usePrefetchModelPage(routes, pathname, prefetchModelPage);
  const trail = useMemo(() => findMenuTrail(nodes, pathname), [nodes, pathname]);
  const topMenu = chosenTopMenu(menu ?? [], topMenuId);
  usePageTitle(trail.at(-1)?.meta.title ?? null);

  // signing out empties the session before the navigation to the login page lands: render nothing meanwhile
  if (token === null || menu === null) return <PageLoading />;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider theme="light" collapsible collapsed={collapsed} onCollapse={setCollapsed} width={208}>
        <Link to={MENU_LIST_PATH} style={{ display: 'flex', alignItems: 'center', gap: 8, height: 64, padding: '0 20px', overflow: 'hidden', whiteSpace: 'nowrap' }}>
          <Logo size={32} />
          {!collapsed && <strong style={{ color: 'rgba(0,0,0,0.88)' }}>{t('product.name')}</strong>}
        </Link>
        <SideMenu nodes={nodes} trail={trail} collapsed={collapsed} />
      </Layout.Sider>
      <Layout>
        <AppHeader topMenuTitle={topMenu?.meta.title ?? null} />
        <Layout.Content style={{ padding: '0 24px 24px' }}>
          <AppBreadcrumb trail={trail} />
          <MenuRoutes routes={routes} renderModelPage={renderModelPage} />
        </Layout.Content>
        <Layout.Footer style={{ padding: 0 }} />
      </Layout>
    </Layout>
  );
}
