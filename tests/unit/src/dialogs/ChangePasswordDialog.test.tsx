import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ChangePasswordDialog } from '../../../../src/dialogs/ChangePasswordDialog';
import { passwordRules } from '../../../../src/dialogs/passwordRules';
import { createTestI18n } from '../helpers/appI18n';
import { serverError } from '../helpers/fakeHttp';
import { loginResult } from '../helpers/fixtures';
import { renderShell } from '../helpers/renderShell';
import { createTestServices } from '../helpers/testServices';

vi.setConfig({ testTimeout: 20_000 });

async function open(routes = {}) {
  const services = createTestServices(routes);
  services.session.signIn(loginResult(), 'zh-CN');
  const onDone = vi.fn();
  const onCancel = vi.fn();
  await renderShell(services, <ChangePasswordDialog onDone={onDone} onCancel={onCancel} />);
  const dialog = screen.getByRole('dialog');
  const field = (label: string) => within(dialog).getByLabelText(label);
  const fill = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
  const submit = () => userEvent.setup({ delay: null }).click(within(dialog).getByRole('button', { name: /确\s*认/ }));
  return { services, dialog, fill, submit, onDone, onCancel };
}

describe('ChangePasswordDialog (spec 001 §2, §5)', () => {
  it('has the fields 旧密码, 新密码, 确认新密码 and requires each', async () => {
    const { dialog, submit, services } = await open();
    expect(within(dialog).getByText('修改密码')).toBeInTheDocument();
    await submit();
    expect(await within(dialog).findByText('请输入旧密码!')).toBeInTheDocument();
    expect(within(dialog).getByText('请输入新密码！')).toBeInTheDocument();
    expect(within(dialog).getByText('请确认新密码！')).toBeInTheDocument();
    expect(services.http.calls).toEqual([]);
  });

  it('wants 6–16 letters and digits for the new password', async () => {
    const { dialog, fill, submit } = await open();
    fill('新密码', 'abcdefgh');
    await submit();
    expect(await within(dialog).findByText('密码由6-16位字母和数字组成')).toBeInTheDocument();
    fill('新密码', 'abc123');
    await waitFor(() => expect(within(dialog).queryByText('密码由6-16位字母和数字组成')).not.toBeInTheDocument());
  });

  it.each([
    ['abc12', false],
    ['abcdefgh', false],
    ['12345678', false],
    ['abc_12345', false],
    ['a1234567890123456', false],
    ['abc123', true],
    ['A1b2C3d4E5f6G7h8', true],
  ])('the new-password pattern judges %s as %s', (value, ok) => {
    const rule = passwordRules(createTestI18n('zh-CN').t, 'zh-CN').newPassword[1] as { pattern: RegExp };
    expect(rule.pattern.test(value)).toBe(ok);
  });

  it('says 两次输入的密码不一样！ when the confirmation differs', async () => {
    const { dialog, fill, submit } = await open();
    fill('旧密码', 'Old12345');
    fill('新密码', 'New12345');
    fill('确认新密码', 'New54321');
    await submit();
    expect(await within(dialog).findByText('两次输入的密码不一样！')).toBeInTheDocument();
  });

  it('sends username, oldpassword, password, confirmpassword and shows the success message', async () => {
    const { fill, submit, services, onDone } = await open({ 'PUT /sys/user/updatePassword': { code: 200, message: '修改密码成功！', data: null } });
    fill('旧密码', 'Old12345');
    fill('新密码', 'New12345');
    fill('确认新密码', 'New12345');
    await submit();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(services.http.calls[0]).toMatchObject({
      method: 'PUT',
      url: '/sys/user/updatePassword',
      body: { username: 'admin', oldpassword: 'Old12345', password: 'New12345', confirmpassword: 'New12345' },
    });
    expect(await screen.findByText('修改密码成功！')).toBeInTheDocument();
    expect(services.session.state.token).toBe('tok-123');
  });

  it('shows the server’s refusal and stays open', async () => {
    const { dialog, fill, submit, onDone } = await open({
      'PUT /sys/user/updatePassword': () => {
        throw serverError('旧密码输入错误');
      },
    });
    fill('旧密码', 'Wrong1234');
    fill('新密码', 'New12345');
    fill('确认新密码', 'New12345');
    await submit();
    expect(await within(dialog).findByText('旧密码输入错误')).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
  });
});
