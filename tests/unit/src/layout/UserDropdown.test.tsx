import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { UserDropdown } from '../../../../src/layout/UserDropdown';
import { loginResult } from '../helpers/fixtures';
import { renderShell } from '../helpers/renderShell';
import { createTestServices } from '../helpers/testServices';

vi.setConfig({ testTimeout: 20_000 });

async function openAndChoose(services: ReturnType<typeof createTestServices>, item: string) {
  services.session.signIn(loginResult(), 'zh-CN');
  const view = await renderShell(services, <UserDropdown />, '/system/position');
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByRole('button', { name: '用户菜单' }));
  await user.click(await screen.findByText(item));
  return { ...view, user };
}

describe('UserDropdown', () => {
  it('清除缓存 refreshes the server cache, reloads the dictionaries and says 刷新缓存完成！', async () => {
    const services = createTestServices({
      'GET /sys/dict/refleshCache': null,
      'GET /sys/dict/queryAllDictItems': { sex: [{ value: '1', text: '男' }] },
    });
    await openAndChoose(services, '清除缓存');
    expect(await screen.findByText('刷新缓存完成！')).toBeInTheDocument();
    expect(services.session.state.dictItems).toEqual({ sex: [{ value: '1', text: '男' }] });
  });

  it('清除缓存 says 刷新缓存失败！ when the server fails', async () => {
    const services = createTestServices({
      'GET /sys/dict/refleshCache': () => {
        throw new Error('boom');
      },
    });
    await openAndChoose(services, '清除缓存');
    expect(await screen.findByText('刷新缓存失败！')).toBeInTheDocument();
  });

  it('退出登录 asks 真的要注销登录吗 ? and signs out even when the server call fails', async () => {
    const services = createTestServices({
      'POST /sys/logout': () => {
        throw new Error('offline');
      },
    });
    const { router, user } = await openAndChoose(services, '退出登录');
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('真的要注销登录吗 ?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/login'));
    expect(services.session.state.token).toBeNull();
  });

  it('切换部门 opens 部门切换 with the current department name', async () => {
    const services = createTestServices({
      'GET /sys/user/getCurrentUserDeparts': { list: [{ id: 'd1', departName: '检测一部', orgCode: 'A01' }], orgCode: 'A01' },
    });
    await openAndChoose(services, '切换部门');
    expect(await screen.findByText('部门切换（检测一部）')).toBeInTheDocument();
  });

  it('切换部门 without departments warns 您尚未设置部门信息! and opens no dialog, not even while the list loads', async () => {
    let answer!: (value: unknown) => void;
    const services = createTestServices({
      'GET /sys/user/getCurrentUserDeparts': () => new Promise((resolve) => (answer = resolve)),
    });
    await openAndChoose(services, '切换部门');
    await waitFor(() => expect(answer).toBeTypeOf('function'));
    expect(screen.queryByRole('dialog')).toBeNull();
    answer({ list: [], orgCode: null });
    expect(await screen.findByText('您尚未设置部门信息!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
