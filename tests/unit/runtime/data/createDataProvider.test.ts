import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isApiError, type ApiError } from '../../../../runtime/data/ApiError';
import { createDataProvider } from '../../../../runtime/data/createDataProvider';
import type { ModelFile } from '../../../../runtime/model/types';
import { positionModel, sampleModel } from './support/dialectModels';
import { envelope } from './support/fixtures';
import { createTestClient } from './support/testClient';

/** 2024-04-01T01:00:00Z in whole seconds: `_t` while the clock is pinned */
const T = 1711933200;
const page = () => ({ page: 2, pageSize: 10 });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2024-04-01T01:00:00.400Z'));
});
afterEach(() => vi.useRealTimers());

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isApiError(error)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('operations a model does not offer', () => {
  it('rejects state when the model declares no api.state, naming the model', async () => {
    const { http, server } = createTestClient();
    const { state: _state, ...api } = sampleModel.api;
    const provider = createDataProvider({ ...sampleModel, api }, http);
    const error = await rejection(provider.toggleState('1'));
    expect(error).toMatchObject({ kind: 'contract', errorCode: 'CL_ERR_OPERATION_OFF' });
    expect(error.message).toContain('lab.sample');
    expect(server.requests).toHaveLength(0);
  });

  it('rejects an operation switched off by api.operations', async () => {
    const { http } = createTestClient();
    const provider = createDataProvider({ ...positionModel, api: { ...positionModel.api, operations: { deleteBatch: false } } }, http);
    await expect(provider.removeMany(['1'])).rejects.toMatchObject({ errorCode: 'CL_ERR_OPERATION_OFF' });
  });

  it('throws at once for a dialect this client does not speak', () => {
    const { http } = createTestClient();
    const model = { ...positionModel, api: { ...positionModel.api, dialect: 'rest' } } as unknown as ModelFile;
    expect(() => createDataProvider(model, http)).toThrowError(/"rest".*known: jeecg, api/);
  });

  it('sends an overridden operation to its own URL and method', async () => {
    const { http, server } = createTestClient();
    const model: ModelFile = { ...sampleModel, api: { ...sampleModel.api, base: '/admin/certificatePersonal', operations: { delete: 'GET /admin/certificatePersonal/remove', list: 'GET /admin/certificatePersonal/select' } } };
    const provider = createDataProvider(model, http);
    await provider.remove('9');
    expect(server.last).toMatchObject({ method: 'GET', url: '/admin/certificatePersonal/remove', query: `_t=${T}&id=9` });
    server.answerWith(() => ({ body: envelope('jeecg', 'list-page') }));
    await provider.list(page());
    expect(server.last).toMatchObject({ method: 'GET', url: '/admin/certificatePersonal/select' });
  });
});
