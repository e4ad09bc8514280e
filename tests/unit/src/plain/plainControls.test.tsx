import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { PlainButton } from '../../../../src/plain/PlainButton';
import { PlainErrorAlert } from '../../../../src/plain/PlainErrorAlert';
import { PlainInput, PlainPassword } from '../../../../src/plain/PlainInput';

describe('PlainButton', () => {
  it.each([
    ['primary', '登录'],
    ['primary', '登入'],
    ['primary', '重新加载'],
    ['primary', 'Sign in'],
    ['link', '简体中文'],
    ['link', '中文'],
  ] as const)('labels a %s button “%s” as antd’s Button does', (kind, label) => {
    const { container } = render(
      <>
        <Button type={kind}>{label}</Button>
        <PlainButton kind={kind}>{label}</PlainButton>
      </>,
    );
    const [antd, plain] = container.querySelectorAll('button');
    expect(plain!.textContent).toBe(antd!.textContent);
  });

  it('while loading shows antd’s spinner and neither clicks nor submits', async () => {
    const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    const onClick = vi.fn();
    const { rerender } = render(
      <form onSubmit={onSubmit}>
        <PlainButton kind="primary" htmlType="submit" loading onClick={onClick}>
          登录
        </PlainButton>
      </form>,
    );
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(screen.getByRole('img', { name: 'loading' })).toBeInTheDocument();
    expect(onClick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
    rerender(
      <form onSubmit={onSubmit}>
        <PlainButton kind="primary" htmlType="submit" onClick={onClick}>
          登录
        </PlainButton>
      </form>,
    );
    await user.click(screen.getByRole('button', { name: '登 录' }));
    expect(screen.queryByRole('img', { name: 'loading' })).toBeNull();
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});

describe('PlainInput and PlainPassword', () => {
  it('a click anywhere in the box focuses the input; the error status marks the box', () => {
    render(<PlainInput aria-label="用户名" prefix={<i>prefix</i>} error />);
    fireEvent.click(screen.getByText('prefix'));
    expect(screen.getByLabelText('用户名')).toHaveFocus();
    expect(screen.getByLabelText('用户名').parentElement).toHaveClass('cl-input', 'cl-input-error');
  });

  it('the eye shows and hides the password, the input keeping the focus', async () => {
    render(<PlainPassword aria-label="密码" defaultValue="Secret123" />);
    const input = screen.getByLabelText('密码');
    input.focus();
    expect(input).toHaveAttribute('type', 'password');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('img', { name: 'eye-invisible' }));
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveFocus();
    await user.click(screen.getByRole('img', { name: 'eye' }));
    expect(input).toHaveAttribute('type', 'password');
  });
});

describe('PlainErrorAlert', () => {
  it('is an alert with antd’s error icon and the message', () => {
    render(<PlainErrorAlert message="用户名或密码错误" />);
    expect(screen.getByRole('alert')).toHaveTextContent('用户名或密码错误');
    expect(screen.getByRole('img', { name: 'close-circle' })).toBeInTheDocument();
  });
});
