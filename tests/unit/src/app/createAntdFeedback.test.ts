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
    const feedback = createAntdFeedback(() => undefined);
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
    const feedback = createAntdFeedback(() => undefined);
    const api = fakeApi();
    feedback.bind(api as unknown as AntdAppApi);
    const confirmed = feedback.confirmRelogin('登录已过期', '很抱歉，登录已过期，请重新登录', '重新登录');
    const options = api.modal.confirm.mock.calls[0]![0] as { okText: string; okCancel: boolean; onOk(): void };
    expect(options).toMatchObject({ title: '登录已过期', okText: '重新登录', okCancel: false, maskClosable: false });
    options.onOk();
    await expect(confirmed).resolves.toBeUndefined();
  });
});
