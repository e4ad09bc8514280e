import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { isValidElement, type ReactNode } from 'react';
import { RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { App } from '../../../../src/app/App';
import { SignInScreen } from '../../../../src/app/SignInScreen';
import { startShell } from '../../../../src/app/startShell';
import { loginResult, permissionResult } from '../helpers/fixtures';
import { createTestServices, type TestServices } from '../helpers/testServices';
import { verifySlider } from '../helpers/verifySlider';

vi.setConfig({ testTimeout: 20_000 });

// which languages' dayjs texts were asked for, and when (the real loader still runs)
const dayjsAsked = vi.hoisted(() => [] as string[]);
vi.mock('../../../../src/i18n/dayjsLocaleLoaders', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../../src/i18n/dayjsLocaleLoaders')>();
  return {
    loadDayjsLocale: (lang: Parameters<typeof real.loadDayjsLocale>[0]) => {
      dayjsAsked.push(lang);
      return real.loadDayjsLocale(lang);
    },
  };
});

const isScreen = (node: ReactNode, type: unknown) => isValidElement(node) && node.type === type;

/** Starts the shell at `hash`; the first screen is rendered, later ones (the router) only recorded. */
async function start(hash: string, services: TestServices) {
  window.history.replaceState(null, '', `/${hash}`);
  const shown: ReactNode[] = [];
  const show = (node: ReactNode) => {
    shown.push(node);
    if (shown.length === 1) render(<App services={services}>{node}</App>);
  };
  await startShell(show, { session: services.session, http: services.http, onPermissionsFailed: vi.fn() });
  return shown;
}

const ROUTER_CALLS = { 'GET /sys/permission/getUserPermissionByToken': permissionResult(), 'POST /sys/logout': null };

// A shell lives as long as its page: it keeps its hashchange listener, which cannot be removed between
// cases. The address-change case leaves one that would redirect a later case, so this file keeps its order.
describe('startShell: the first screen', { shuffle: false }, () => {
  it('a visitor gets the sign-in page without the router, at the address the guard chose', async () => {
    const services = createTestServices();
    const shown = await start('', services);
    expect(shown).toHaveLength(1);
    expect(isScreen(shown[0], SignInScreen)).toBe(true);
    expect(window.location.hash).toBe('#/user/login?redirect=%2Fdashboard%2Fanalysis');
    expect(await screen.findByLabelText('用户名')).toBeInTheDocument();
  });

  it('after signing in, the router takes over at the redirect target', async () => {
    const services = createTestServices({ 'POST /sys/login': loginResult(), ...ROUTER_CALLS });
    const shown = await start('#/user/login?redirect=%2Fsystem%2Fposition%3Fid%3D1', services);
    fireEvent.change(await screen.findByLabelText('用户名'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'Secret123' } });
    verifySlider();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: /登\s*录/ }));
    // the router's modules bring antd (its root is antd's provider): seconds in jsdom on a busy machine
    await waitFor(() => expect(shown).toHaveLength(2), { timeout: 30_000 });
    expect(isScreen(shown[1], RouterProvider)).toBe(true);
    expect(window.location.hash).toBe('#/system/position?id=1');
  });

  it('an address change away from the sign-in page hands over to the router', async () => {
    const services = createTestServices(ROUTER_CALLS);
    const shown = await start('#/user/login', services);
    window.location.hash = '#/404';
    await waitFor(() => expect(shown).toHaveLength(2), { timeout: 30_000 });
    expect(isScreen(shown[1], RouterProvider)).toBe(true);
  });

  it('with a session, the router and the permission list without waiting for the texts; the guard speaks only after them', async () => {
    const services = createTestServices(ROUTER_CALLS);
    services.session.signIn(loginResult(), 'zh-CN');
    window.history.replaceState(null, '', '/#/system/position');
    let textsCome: (value: unknown) => void = () => undefined;
    const ready = new Promise((resolve) => (textsCome = resolve));
    const loadPermissions = vi.fn(() => Promise.reject(new Error('首次登录请先修改初始密码')));
    const onPermissionsFailed = vi.fn();
    const shown: ReactNode[] = [];
    const show = (node: ReactNode) => {
      shown.push(node);
      render(<App services={services}>{node}</App>);
    };
    void startShell(show, { session: services.session, http: services.http, onPermissionsFailed, loadPermissions }, { ready });
    await waitFor(() => expect(shown).toHaveLength(1), { timeout: 30_000 });
    expect(isScreen(shown[0], RouterProvider)).toBe(true);
    expect(loadPermissions).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // the failed permission list is told in the shell's texts: not before they have come
    expect(onPermissionsFailed).not.toHaveBeenCalled();
    textsCome(undefined);
    await waitFor(() => expect(onPermissionsFailed).toHaveBeenCalledTimes(1));
    expect(loadPermissions).toHaveBeenCalledTimes(1);
  });

  it('with a session, the router from the start', async () => {
    const services = createTestServices(ROUTER_CALLS);
    services.session.signIn(loginResult(), 'zh-CN');
    const shown = await start('#/user/login', services);
    await waitFor(() => expect(shown).toHaveLength(1));
    expect(isScreen(shown[0], RouterProvider)).toBe(true);
  });

  it('with a session, dayjs’s texts are fetched with the router, not once it exists', async () => {
    const services = createTestServices(ROUTER_CALLS);
    services.session.signIn(loginResult(), 'zh-TW');
    window.history.replaceState(null, '', '/#/system/position');
    dayjsAsked.length = 0;
    // the router's other part (antd's texts) never comes: the router is not created in this case
    const withRouter = () => new Promise(() => undefined);
    void startShell(vi.fn(), { session: services.session, http: services.http, onPermissionsFailed: vi.fn() }, { withRouter, lang: () => 'zh-TW' });
    await waitFor(() => expect(dayjsAsked).toEqual(['zh-TW']));
  });
});
