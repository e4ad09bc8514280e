import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListResult } from '../../../../../runtime/data/DataProvider';
import { ApiError } from '../../../../../runtime/data/ApiError';
import { ModelPage } from '../../../../../runtime/render/ModelPage';
import { page, positionRecord } from '../support/positionRecords';
import { servedPosition } from '../support/servedModels';
import { testDataProvider } from '../support/testDataProvider';
import { renderWithRuntime, testI18n, testRuntime } from '../support/testRuntime';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function positions(list: () => Promise<ListResult> = async () => page([positionRecord(1)])) {
  const served = servedPosition();
  const load = vi.fn(async () => served);
  const provider = testDataProvider({ list });
  const runtime = testRuntime({ models: { load, clear: vi.fn() }, providers: { 'system.position': provider } });
  return { served, load, provider, runtime };
}

describe('runtime.screens: a model screen started before its ModelPage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks for the first page as soon as the model has come, before any rendering', async () => {
    const { load, provider, runtime } = positions();
    runtime.screens.start('system.position');
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(provider.list).toHaveBeenCalledWith(expect.objectContaining({ page: 1, pageSize: 20, sort: { field: 'sortCode', order: 'asc' }, filters: {} }));
  });

  it('hands what it loaded to the ModelPage, which renders the rows in its first render and asks for nothing again', async () => {
    const { load, provider, runtime } = positions();
    runtime.screens.start('system.position');
    await settle();
    renderWithRuntime(<ModelPage modelId="system.position" />, runtime);
    // 1. no spinner pass: the rows are there synchronously
    expect(screen.getByText('检测员1')).toBeInTheDocument();
    await settle();
    // 2. the page used the started requests
    expect(load).toHaveBeenCalledTimes(1);
    expect(provider.list).toHaveBeenCalledTimes(1);
    // 3. the start was handed over: a later ModelPage loads its own
    expect(runtime.screens.take('system.position')).toBeUndefined();
  });

  it("survives StrictMode's second mount: the list stays mounted (no spinner page in between)", async () => {
    const { provider, runtime } = positions();
    runtime.screens.start('system.position');
    await settle();
    renderWithRuntime(
      <StrictMode>
        <ModelPage modelId="system.position" />
      </StrictMode>,
      runtime,
    );
    const cell = screen.getByText('检测员1');
    // the second mount refreshes the list (development only); the page itself is not rebuilt, nor started again
    await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());
    await settle();
    expect(screen.getByText('检测员1')).toBe(cell);
    expect(provider.list).toHaveBeenCalledTimes(2);
  });

  it('takes over requests still in flight', async () => {
    let answer: (result: ListResult) => void = () => undefined;
    const { load, provider, runtime } = positions(() => new Promise((resolve) => (answer = resolve)));
    runtime.screens.start('system.position');
    renderWithRuntime(<ModelPage modelId="system.position" />, runtime);
    await waitFor(() => expect(provider.list).toHaveBeenCalledTimes(1));
    answer(page([positionRecord(2)]));
    expect(await screen.findByText('检测员2')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
    expect(provider.list).toHaveBeenCalledTimes(1);
  });

  it('starts nothing new for the same model, and abandons a start for another model', async () => {
    const { load, provider, runtime } = positions();
    runtime.screens.start('system.position');
    runtime.screens.start('system.position');
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    runtime.screens.start('system.other');
    expect(runtime.screens.take('system.position')).toBeUndefined();
    const signal = provider.list.mock.calls[0]?.[0].signal;
    expect(signal?.aborted).toBe(true);
  });

  it('is not taken in another language', async () => {
    const i18n = testI18n('zh-CN');
    const { runtime } = positions();
    const started = testRuntime({ i18n, models: runtime.models, providers: { 'system.position': testDataProvider({ list: async () => page([]) }) } });
    started.screens.start('system.position');
    await i18n.changeLanguage('en');
    expect(started.screens.take('system.position')).toBeUndefined();
  });

  it('keeps a failed model load for the ModelPage to show once; 重试 asks afresh', async () => {
    const missing = new ApiError({
      kind: 'notFound',
      message: '模型不存在',
      status: 404,
      code: 404,
      url: '/system/model/system.position',
      method: 'GET',
      dialect: 'jeecg',
    });
    const { served, provider, runtime } = positions();
    const load = vi.fn().mockRejectedValueOnce(missing).mockResolvedValue(served);
    runtime.models.load = load;
    runtime.screens.start('system.position');
    await settle();
    renderWithRuntime(<ModelPage modelId="system.position" />, runtime);
    expect(await screen.findByText('模型不存在')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('检测员1')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    expect(provider.list).toHaveBeenCalledTimes(1);
  });
});
