import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DeleteAction } from '../../../../../runtime/render/list/DeleteAction';

const texts = { label: '删除', title: '确定删除吗?', okText: '确定', cancelText: '取消' };

describe('DeleteAction: a row’s 删除 link, its confirm mounted on first use', () => {
  it('renders no confirm popup until the link is clicked, then opens it with the focus kept on the link', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn(async () => {});
    render(<DeleteAction {...texts} onConfirm={onConfirm} />);
    // the behaviour of the confirm it replaces (a Popconfirm always mounted, which renders its popup on first
    // open too); what it saves is render time, measured by bench:client, not visible here
    expect(document.body.textContent).not.toContain('确定删除吗?');

    await user.click(screen.getByRole('button', { name: '删除' }));
    expect(await screen.findByText('确定删除吗?')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '删除' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: /^确\s*定$/ }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('opens again after a cancel, and confirms on the second opening', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn(async () => {});
    render(<DeleteAction {...texts} onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: '删除' }));
    await user.click(await screen.findByRole('button', { name: /^取\s*消$/ }));
    expect(onConfirm).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: '删除' }));
    await user.click(await screen.findByRole('button', { name: /^确\s*定$/ }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
