import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../runtime/data/ApiError';
import { ModelPage } from '../../../../runtime/render/ModelPage';
import { page, positionRecord } from './support/positionRecords';
import { servedPosition } from './support/servedModels';
import { testDataProvider } from './support/testDataProvider';
import { renderWithRuntime, testI18n, testRuntime } from './support/testRuntime';

describe('ModelPage', () => {
  it('loads the model, then renders its list page', async () => {
    const load = vi.fn(async () => servedPosition());
    const provider = testDataProvider({ list: async () => page([positionRecord(1)]) });
    renderWithRuntime(<ModelPage modelId="system.position" />, testRuntime({ models: { load, clear: vi.fn() }, providers: { 'system.position': provider } }));
    expect(await screen.findByText('检测员1')).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('system.position', expect.any(AbortSignal));
  });

  it('shows a failed load with its message and retries on 重试', async () => {
    const missing = new ApiError({
      kind: 'notFound',
      message: '模型不存在',
      status: 404,
      code: 404,
      url: '/system/model/system.position',
      method: 'GET',
      dialect: 'jeecg',
    });
    const load = vi.fn().mockRejectedValueOnce(missing).mockResolvedValue(servedPosition());
    const provider = testDataProvider({ list: async () => page([positionRecord(1)]) });
    renderWithRuntime(<ModelPage modelId="system.position" />, testRuntime({ models: { load, clear: vi.fn() }, providers: { 'system.position': provider } }));
    expect(await screen.findByText('加载失败')).toBeInTheDocument();
    expect(screen.getByText('模型不存在')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('检测员1')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('loads the model again in the new language after a language switch', async () => {
    const i18n = testI18n('zh-CN');
    const load = vi.fn(async () => servedPosition(i18n.language === 'en' ? 'en' : 'zh-CN'));
    const provider = testDataProvider({ list: async () => page([positionRecord(1)]) });
    renderWithRuntime(
      <ModelPage modelId="system.position" />,
      testRuntime({ i18n, models: { load, clear: vi.fn() }, providers: { 'system.position': provider } }),
    );
    expect(await screen.findByText('共1条')).toBeInTheDocument();
    await act(async () => {
      await i18n.changeLanguage('en');
    });
    expect(await screen.findByText('Total 1 items')).toBeInTheDocument();
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
  });
});
