import { describe, expect, it, vi } from 'vitest';
import { createAntdFeedback, type AntdAppApi } from '../../../../src/app/createAntdFeedback';

function fakeApi() {
  return {
    message: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
    notification: { error: vi.fn(), warning: vi.fn() },
    modal: { confirm: vi.fn() },
  };
}

describe('createAntdFeedback', () => {
  it('asks for its host on first use and delivers what was said before the host bound', () => {
    const feedback = createAntdFeedback();
    const needed = vi.fn();
    feedback.subscribeNeeded(needed);
    expect(feedback.isNeeded()).toBe(false);

    feedback.notify('error', '系统提示', '拒绝访问');
    feedback.toast('warning', '您尚未设置部门信息!', 3);
    expect(feedback.isNeeded()).toBe(true);
    expect(needed).toHaveBeenCalledOnce();

    const api = fakeApi();
    feedback.bind(api as unknown as AntdAppApi);
    expect(api.notification.error).toHaveBeenCalledWith({ message: '系统提示', description: '拒绝访问', duration: undefined });
    expect(api.message.warning).toHaveBeenCalledWith('您尚未设置部门信息!', 3);
  });

  it('resolves the 登录已过期 confirm when the user presses 重新登录', async () => {
    const feedback = createAntdFeedback();
    const api = fakeApi();
    feedback.bind(api as unknown as AntdAppApi);
    const confirmed = feedback.confirmRelogin('登录已过期', '很抱歉，登录已过期，请重新登录', '重新登录');
    const options = api.modal.confirm.mock.calls[0]![0] as { okText: string; okCancel: boolean; onOk(): void };
    expect(options).toMatchObject({ title: '登录已过期', okText: '重新登录', okCancel: false, maskClosable: false });
    options.onOk();
    await expect(confirmed).resolves.toBeUndefined();
  });

  it('signs out (the server call and the local sign-out) before it reloads, and reloads even when signing out fails', async () => {
    const order: string[] = [];
    const feedback = createAntdFeedback({
      signOut: async () => {
        order.push('signOut');
        throw new Error('offline');
      },
      reload: () => order.push('reload'),
    });
    feedback.signOut({ reload: true });
    await vi.waitFor(() => expect(order).toEqual(['signOut', 'reload']));
  });

  it('signs out without a reload when asked to (on the root or the login page)', async () => {
    const reload = vi.fn();
    const signOut = vi.fn(async () => undefined);
    createAntdFeedback({ signOut, reload }).signOut({ reload: false });
    await vi.waitFor(() => expect(signOut).toHaveBeenCalledOnce());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reload).not.toHaveBeenCalled();
  });
});
