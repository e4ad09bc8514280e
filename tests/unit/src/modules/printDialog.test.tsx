import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../../../runtime/data/HttpClient';
import { PrintDialog } from '../../../../src/modules/print/PrintDialog';
import { renderWithRuntime, testRuntime } from '../../runtime/render/support/testRuntime';

// Spec 000 §4: modals cannot be closed by clicking the mask; the print dialog closes with its 关闭 button.
describe('PrintDialog', () => {
  it('stays open on a click on the mask and closes with 关闭', async () => {
    const get = vi.fn(async () => ({ data: { list: [] } }));
    const http = { get } as unknown as HttpClient;
    const onClose = vi.fn();
    renderWithRuntime(<PrintDialog request={{ modelId: 'staff.member', recordId: 'r1' }} onClose={onClose} />, testRuntime({ http }));
    await waitFor(() => expect(get).toHaveBeenCalled());
    const wrap = document.querySelector('.ant-modal-wrap') as HTMLElement;
    fireEvent.mouseDown(wrap);
    fireEvent.mouseUp(wrap);
    fireEvent.click(wrap);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: /^关\s*闭$/ }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
