import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppLayout } from '../../../../src/layout/AppLayout';
import type { MenuNode } from '../../../../src/session/types';
import { loginResult, permissionResult, SAMPLE_MENU } from '../helpers/fixtures';
import { renderShell } from '../helpers/renderShell';
import { createTestServices } from '../helpers/testServices';

vi.setConfig({ testTimeout: 20_000 });

/** the tab titles (antd's close buttons are tabs of their own, without text) */
const tabTitles = (tabList: HTMLElement) =>
  within(tabList)
    .getAllByRole('tab')
    .map((t) => t.textContent)
    .filter(Boolean);
const tabClosers = (tabList: HTMLElement) => Array.from(tabList.querySelectorAll<HTMLElement>('.ant-tabs-tab-remove'));

async function renderLayout(path: string, routes = {}, prefetchModelPage?: (modelId: string) => void) {
  const services = createTestServices(routes);
  services.session.signIn(loginResult(), 'zh-CN');
  services.session.setPermissions(permissionResult());
  services.session.chooseTopMenu('system');
  const view = await renderShell(services, <AppLayout renderModelPage={(id) => <p>model page {id}</p>} prefetchModelPage={prefetchModelPage} />, path);
  return { services, ...view };
}

describe('AppLayout', () => {
  afterEach(() => vi.restoreAllMocks());

  it('renders a model screen with its title, breadcrumb and the page title', async () => {
    await renderLayout('/system/position');
    expect(await screen.findByText('model page system.position')).toBeInTheDocument();
    const breadcrumb = screen.getByRole('navigation');
    expect(within(breadcrumb).getByText('首页')).toBeInTheDocument();
    expect(within(breadcrumb).getByText('岗位管理')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('岗位管理 · 云数字实验室'));
    expect(screen.getByRole('button', { name: '系统管理' })).toBeInTheDocument();
  });

  it('shows the chosen subtree without hidden items or empty containers', async () => {
    await renderLayout('/system/position');
    const menu = (await screen.findAllByRole('menu'))[0]!;
    expect(within(menu).getByText('岗位管理')).toBeInTheDocument();
    expect(within(menu).getByText('帮助文档')).toBeInTheDocument();
    expect(within(menu).queryByText('隐藏页面')).not.toBeInTheDocument();
    expect(within(menu).queryByText('空目录')).not.toBeInTheDocument();
    expect(within(menu).queryByText('样品管理')).not.toBeInTheDocument();
  });

  it('selects the parent item on a hidden child route', async () => {
    await renderLayout('/system/position/detail');
    expect(await screen.findByText('model page system.positionDetail')).toBeInTheDocument();
    const item = within(screen.getAllByRole('menu')[0]!).getByText('岗位管理').closest('li');
    expect(item).toHaveClass('ant-menu-item-selected');
  });

  it('opens an external item in a new tab with ${token} replaced', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await renderLayout('/system/position');
    await userEvent.setup({ delay: null }).click(within((await screen.findAllByRole('menu'))[0]!).getByText('帮助文档'));
    expect(open).toHaveBeenCalledWith('https://docs.example.com/?token=tok-123', '_blank', 'noopener,noreferrer');
  });

  it("opening the '/business' submenu fetches the business token once in 5 s; its link opens with account and token", async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    window.localStorage.removeItem('cloudlab__businessToken');
    const getToken = vi.fn(() => ({ name: 'admin', token: 'biz-1' }));
    const services = createTestServices({ 'POST /admin/index/getToken': getToken });
    services.session.signIn(loginResult(), 'zh-CN');
    const business: MenuNode = {
      id: 'biz',
      path: '/business',
      component: 'RouteView',
      route: '1',
      meta: { title: '业务平台' },
      children: [
        { id: 'biz.sso', path: '/f00d', component: '', route: '0', meta: { title: '进入平台', internalOrExternal: true, url: 'https://lims.example.com/sso' } },
      ],
    };
    const [system, ...rest] = SAMPLE_MENU;
    services.session.setPermissions(permissionResult([{ ...system!, children: [...system!.children!, business] }, ...rest]));
    services.session.chooseTopMenu('system');
    await renderShell(services, <AppLayout renderModelPage={(id) => <p>model page {id}</p>} />, '/system/position');
    const user = userEvent.setup({ delay: null });
    const menu = (await screen.findAllByRole('menu'))[0]!;
    await user.click(within(menu).getByText('业务平台'));
    await waitFor(() => expect(getToken).toHaveBeenCalledTimes(1));
    expect(getToken).toHaveBeenCalledWith({ account: 'admin' });
    // closed and opened again at once: no second call
    await user.click(within(menu).getByText('业务平台'));
    await user.click(within(menu).getByText('业务平台'));
    await user.click(await within(menu).findByText('进入平台'));
    expect(open).toHaveBeenCalledWith('https://lims.example.com/sso?account=admin&token=biz-1', '_blank', 'noopener,noreferrer');
    expect(getToken).toHaveBeenCalledTimes(1);
  });

  it('shows "page not available" for a component it does not have', async () => {
    await renderLayout('/system/legacy');
    expect(await screen.findByText('页面不可用')).toBeInTheDocument();
    expect(screen.getByText(/system\/LegacyList/)).toBeInTheDocument();
  });

  it('starts loading the model a path opens before the page renders, once per model opened', async () => {
    const prefetch = vi.fn();
    const { router } = await renderLayout('/system/position', {}, prefetch);
    expect(await screen.findByText('model page system.position')).toBeInTheDocument();
    expect(prefetch.mock.calls).toEqual([['system.position']]);
    // 1. re-renders of the layout (a collapsed menu) and another query start nothing
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: '收起菜单' }));
    await router.navigate('/system/position?id=1');
    expect(prefetch).toHaveBeenCalledTimes(1);
    // 2. another model, a page that is no model, then the first model again
    await router.navigate('/system/position/detail');
    expect(await screen.findByText('model page system.positionDetail')).toBeInTheDocument();
    await router.navigate('/system/legacy');
    expect(await screen.findByText('页面不可用')).toBeInTheDocument();
    await router.navigate('/system/position');
    expect(await screen.findByText('model page system.position')).toBeInTheDocument();
    expect(prefetch.mock.calls).toEqual([['system.position'], ['system.positionDetail'], ['system.position']]);
  });

  it('redirects the root to /dashboard/analysis and unknown paths to /404', async () => {
    const { router } = await renderLayout('/', { 'GET /sys/home/figures': { days: [], modules: [] } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/analysis'));
    await router.navigate('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });

  it('opens a tab per page after the home tab; the home tab and the last tab cannot be closed', async () => {
    const { router } = await renderLayout('/system/position', { 'GET /sys/home/figures': { days: [], modules: [] } });
    const user = userEvent.setup({ delay: null });
    const tabList = await screen.findByRole('tablist');
    expect(tabTitles(tabList)).toEqual(['首页', '岗位管理']);
    // the home page's title is the product name alone (spec 000 §2)
    await router.navigate('/dashboard/analysis');
    await waitFor(() => expect(document.title).toBe('云数字实验室'));
    await user.click(tabClosers(tabList)[0]!);
    expect(await screen.findByText('首页不能关闭!')).toBeInTheDocument();
    expect(tabTitles(tabList)).toHaveLength(2);
  });

  it('closes the active tab and shows its neighbour', async () => {
    const { router } = await renderLayout('/system/position', { 'GET /sys/home/figures': { days: [], modules: [] } });
    const user = userEvent.setup({ delay: null });
    await router.navigate('/system/legacy');
    const tabList = await screen.findByRole('tablist');
    await waitFor(() => expect(tabTitles(tabList)).toHaveLength(3));
    await user.click(tabClosers(tabList).at(-1)!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/position'));
    expect(tabTitles(tabList)).toEqual(['首页', '岗位管理']);
  });
});
