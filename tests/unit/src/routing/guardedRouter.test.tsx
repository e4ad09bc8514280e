import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { buildAppRoutes } from '../../../../src/app/buildAppRoutes';
import { createGuardLoader } from '../../../../src/routing/createGuardLoader';
import { loginResult, permissionResult } from '../helpers/fixtures';
import { renderRoutes } from '../helpers/renderShell';
import { createTestServices, type TestServices } from '../helpers/testServices';
import { verifySlider } from '../helpers/verifySlider';

vi.setConfig({ testTimeout: 20_000 });

function FakeAppArea() {
  const { pathname, search } = useLocation();
  return <p>app area at {pathname + search}</p>;
}

async function renderApp(services: TestServices, path: string) {
  const onPermissionsFailed = vi.fn();
  const guard = createGuardLoader({ session: services.session, http: services.http, onPermissionsFailed });
  const routes = buildAppRoutes(guard, async () => ({ Component: FakeAppArea }));
  return { ...(await renderRoutes(services, routes, path)), onPermissionsFailed };
}

describe('the guarded router', () => {
  it('sends a visitor to the sign-in page and, after signing in, on to the chosen menu and the original path', async () => {
    const services = createTestServices({ 'POST /sys/login': loginResult(), 'GET /sys/permission/getUserPermissionByToken': permissionResult() });
    const { router } = await renderApp(services, '/system/position?id=1');
    expect(await screen.findByLabelText('用户名')).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe('/user/login?redirect=%2Fsystem%2Fposition%3Fid%3D1');
    await waitFor(() => expect(document.title).toBe('登录 · 云数字实验室'));

    fireEvent.change(screen.getByLabelText('用户名'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'Secret123' } });
    verifySlider();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: /登\s*录/ }));

    // two top-level menus and none chosen yet: the menu list first, keeping the target
    expect(await screen.findByText('app area at /menuList?redirect=%2Fsystem%2Fposition%3Fid%3D1')).toBeInTheDocument();
    services.session.chooseTopMenu('system');
    await router.navigate('/system/position?id=1');
    expect(await screen.findByText('app area at /system/position?id=1')).toBeInTheDocument();
  });

  it('sends a signed-in user away from the sign-in page', async () => {
    const services = createTestServices({ 'GET /sys/permission/getUserPermissionByToken': permissionResult() });
    services.session.signIn(loginResult(), 'zh-CN');
    services.session.chooseTopMenu('system');
    const { router } = await renderApp(services, '/user/login');
    expect(await screen.findByText('app area at /dashboard/analysis')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/analysis');
  });

  it('signs out and returns to the sign-in page when the permissions cannot be loaded', async () => {
    const services = createTestServices({
      'GET /sys/permission/getUserPermissionByToken': () => {
        throw new Error('首次登录请先修改初始密码');
      },
      'POST /sys/logout': null,
    });
    services.session.signIn(loginResult(), 'zh-CN');
    const { router, onPermissionsFailed } = await renderApp(services, '/lab/sample');
    expect(await screen.findByLabelText('用户名')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?redirect=%2Flab%2Fsample');
    expect(onPermissionsFailed).toHaveBeenCalledOnce();
    expect(services.session.state.token).toBeNull();
  });

  it('redirects /user to /user/login', async () => {
    const { router } = await renderApp(createTestServices(), '/user');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/login'));
  });
});

describe('scrolling to the top', () => {
  it('happens on every navigation, not for the address the page was loaded at (which starts at the top)', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    try {
      const services = createTestServices({ 'GET /sys/permission/getUserPermissionByToken': permissionResult() });
      services.session.signIn(loginResult(), 'zh-CN');
      services.session.chooseTopMenu('system');
      const { router } = await renderApp(services, '/system/position');
      expect(await screen.findByText('app area at /system/position')).toBeInTheDocument();
      // scrolling there would only force a layout of the page being built
      expect(scrollTo).not.toHaveBeenCalled();

      await router.navigate('/system/role');
      expect(await screen.findByText('app area at /system/role')).toBeInTheDocument();
      await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 0));
      scrollTo.mockClear();
      // the same address again is a navigation too
      await router.navigate('/system/role');
      await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 0));
    } finally {
      scrollTo.mockRestore();
    }
  });
});
