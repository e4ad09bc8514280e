import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppLayout } from '../../../../src/layout/AppLayout';
import { loginResult, permissionResult } from '../helpers/fixtures';
import { renderShell } from '../helpers/renderShell';
import { createTestServices } from '../helpers/testServices';

vi.setConfig({ testTimeout: 20_000 });

async function renderLayout(path: string, routes = {}, prefetchModelPage?: (modelId: string) => void) {
  const services = createTestServices(routes);
  services.session.signIn(loginResult());
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
    await userEvent.setup({ delay: null }).click(screen.getByRole('img', { name: 'left' }));
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

  it('redirects the root to the first menu item and unknown paths to /404', async () => {
    const { router } = await renderLayout('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/position'));
    await router.navigate('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });
});
