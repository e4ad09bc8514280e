import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ModelPage } from '../../../../runtime/render/ModelPage';
import { page, positionRecord } from './support/positionRecords';
import { servedPosition } from './support/servedModels';
import { testDataProvider } from './support/testDataProvider';
import { renderWithRuntime, testRuntime } from './support/testRuntime';

// the failure view (antd's Result) is a chunk of its own; when it cannot load either, the page still says what failed
vi.mock('../../../../runtime/render/LoadFailure', () => {
  throw new Error('the chunk could not be fetched');
});

describe('ModelPage, offline', () => {
  it('shows a failed load without its Result chunk, and retries', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('网络不可用')).mockResolvedValue(servedPosition());
    const provider = testDataProvider({ list: async () => page([positionRecord(1)]) });
    renderWithRuntime(<ModelPage modelId="system.position" />, testRuntime({ models: { load, clear: vi.fn() }, providers: { 'system.position': provider } }));
    expect(await screen.findByText('加载失败')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('检测员1')).toBeInTheDocument();
  });
});
