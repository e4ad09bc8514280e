import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RoutedLoginPage } from '../../../../src/pages/RoutedLoginPage';
import { serverError } from '../helpers/fakeHttp';
import { loginResult } from '../helpers/fixtures';
import { renderRoutes } from '../helpers/renderShell';
import { createTestServices, type TestServices } from '../helpers/testServices';
import { verifySlider } from '../helpers/verifySlider';

async function renderLogin(services: TestServices, path = '/user/login') {
  return renderRoutes(
    services,
    [
      { path: '/user/login', element: <RoutedLoginPage /> },
      { path: '*', element: <p>landed</p> },
    ],
    path,
  );
}

// antd in jsdom is slow on a shared machine
vi.setConfig({ testTimeout: 20_000 });

const fill = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

async function signIn(username = 'admin', password = 'Secret123') {
  const user = userEvent.setup({ delay: null });
  fill(screen.getByLabelText('用户名'), username);
  fill(screen.getByLabelText('密码'), password);
  verifySlider();
  await user.click(screen.getByRole('button', { name: /登\s*录/ }));
  return user;
}

describe('LoginPage', () => {
  it('asks for the username and the password', async () => {
    const services = createTestServices();
    await renderLogin(services);
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('请输入用户名')).toBeInTheDocument();
    expect(screen.getByText('请输入密码')).toBeInTheDocument();
    expect(services.http.calls).toEqual([]);
  });

  it('asks for the slider verification before sending anything, and wants it again after a failed attempt', async () => {
    const services = createTestServices({
      'POST /sys/login': () => {
        throw serverError('用户名或密码错误');
      },
    });
    await renderLogin(services);
    const user = userEvent.setup({ delay: null });
    fill(screen.getByLabelText('用户名'), 'admin');
    fill(screen.getByLabelText('密码'), 'Secret123');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('请先完成滑块验证')).toBeInTheDocument();
    expect(services.http.calls).toEqual([]);
    verifySlider();
    expect(screen.getByRole('slider')).toHaveAttribute('aria-valuetext', '验证通过');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('用户名或密码错误')).toBeInTheDocument();
    expect(screen.getByRole('slider')).toHaveAttribute('aria-valuetext', '请按住滑块拖动');
  });

  it.each(['用户名或密码错误', '该用户已冻结', '该用户登录失败次数过多，请于10分钟后再次登录！'])('shows the server’s message: %s', async (text) => {
    const services = createTestServices({
      'POST /sys/login': () => {
        throw serverError(text);
      },
    });
    await renderLogin(services);
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(services.session.state.token).toBeNull();
  });

  it('stores the session, never the password, and goes to the redirect query', async () => {
    const services = createTestServices({ 'POST /sys/login': loginResult() });
    const { router } = await renderLogin(services, '/user/login?redirect=%2Fsystem%2Fposition%3Fid%3D1');
    await signIn('admin', 'Secret123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/position'));
    expect(router.state.location.search).toBe('?id=1');
    expect(services.http.calls[0]).toMatchObject({ method: 'POST', url: '/sys/login', body: { username: 'admin', password: 'Secret123' } });
    expect(services.session.state.token).toBe('tok-123');
    const stored = JSON.stringify({ ...window.localStorage }) + JSON.stringify({ ...window.sessionStorage });
    expect(stored).not.toContain('Secret123');
  });

  it('goes to the default home path without a redirect, and never to another origin', async () => {
    const services = createTestServices({ 'POST /sys/login': loginResult() });
    const { router } = await renderLogin(services, '/user/login?redirect=%2F%2Fevil.example.com');
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/analysis'));
  });

  it('when mustChangePassword, opens the password change that cannot be dismissed, then continues', async () => {
    const mustChange = loginResult({ userInfo: { ...loginResult().userInfo, mustChangePassword: true } });
    const services = createTestServices({
      'POST /sys/login': mustChange,
      'PUT /sys/user/updatePassword': { code: 200, message: '修改密码成功！', data: null },
    });
    const { router } = await renderLogin(services, '/user/login?redirect=%2Flab');
    const user = await signIn('admin', 'Initial1');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('修改初始密码')).toBeInTheDocument();
    expect(within(dialog).getByText(/系统生成的初始密码/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /取\s*消/ })).toBeNull();
    expect(router.state.location.pathname).toBe('/user/login');

    fill(within(dialog).getByLabelText('旧密码'), 'Initial1');
    fill(within(dialog).getByLabelText('新密码'), 'Better123');
    fill(within(dialog).getByLabelText('确认新密码'), 'Better123');
    await user.click(within(dialog).getByRole('button', { name: /确\s*认/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lab'));
    expect(services.session.state.userInfo?.mustChangePassword).toBe(false);
    expect(await screen.findByText('修改密码成功！')).toBeInTheDocument();
  });

  it('with several departments (multi_depart 2) asks for one in 部门选择 and stores the answered user info', async () => {
    const services = createTestServices({
      'POST /sys/login': loginResult({ multi_depart: 2 }),
      'GET /sys/user/getCurrentUserDeparts': {
        list: [
          { id: 'd1', departName: '检测一部', orgCode: 'A01' },
          { id: 'd2', departName: '检测二部', orgCode: 'A02' },
        ],
        orgCode: 'A01',
      },
      'PUT /sys/selectDepart': (body: unknown) => ({ userInfo: { ...loginResult().userInfo, orgCode: (body as { orgCode: string }).orgCode } }),
    });
    const { router } = await renderLogin(services);
    const user = await signIn();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('部门选择')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox'));
    await user.click(await screen.findByText('检测二部'));
    await user.click(within(dialog).getByRole('button', { name: /确\s*认/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/analysis'));
    expect(services.http.calls.at(-1)).toMatchObject({ method: 'PUT', url: '/sys/selectDepart', body: { orgCode: 'A02', username: 'admin' } });
    expect(services.session.state.userInfo?.orgCode).toBe('A02');
  });

  it('without any department (multi_depart 0) warns 您尚未设置部门信息! and continues', async () => {
    const services = createTestServices({ 'POST /sys/login': loginResult({ multi_depart: 0, departs: [] }) });
    const { router } = await renderLogin(services);
    await signIn();
    expect(await screen.findByText('您尚未设置部门信息!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/analysis'));
  });
});
