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

describe('the spec 001 §7 shapes (version 15): a list answered as an array, fields written under the form\'s names', () => {
  const certificates = { ...sampleModel, api: { ...sampleModel.api, listAnswer: 'array' }, list: { columns: ['sampleNo'], page: false } } as ModelFile;

  it('reads a plain array as every row of the list', async () => {
    const { http, server } = createTestClient();
    server.answerWith(() => ({ body: { success: true, message: '', code: 200, result: [{ id: 'c1' }, { id: 'c2' }] } }));
    await expect(createDataProvider(certificates, http).list({ page: 1, pageSize: 1000 })).resolves.toEqual({
      records: [{ id: 'c1' }, { id: 'c2' }],
      total: 2,
      page: 1,
      pageSize: 1000,
    });
    server.answerWith(() => ({ body: envelope('jeecg', 'list-page') }));
    await expect(createDataProvider(certificates, http).list(page())).rejects.toMatchObject({ errorCode: 'CL_ERR_CONTRACT_PAYLOAD' });
  });

  it('sends a field with writeAs under that name on create and update', async () => {
    const { http, server } = createTestClient();
    const fields = { ...sampleModel.entity.fields, sampleName: { ...sampleModel.entity.fields.sampleName!, writeAs: 'name' } };
    const provider = createDataProvider({ ...sampleModel, entity: { ...sampleModel.entity, fields } }, http);
    await provider.create({ sampleNo: 'S1', sampleName: '水泥' });
    expect(server.last?.body).toEqual({ sampleNo: 'S1', name: '水泥' });
    await provider.update('7', { sampleName: '砂', version: 2 });
    expect(server.last?.body).toMatchObject({ id: '7', name: '砂', version: 2 });
    expect(server.last?.body).not.toHaveProperty('sampleName');
  });
});

describe('operation lists (list.rows, version 13)', () => {
  const sessionsModel = (operations: Record<string, unknown>) =>
    ({
      ...positionModel,
      api: { ...positionModel.api, operations: { list: false } },
      operations,
      list: { rows: { operation: 'sessions' }, columns: ['fullName'] },
    }) as unknown as ModelFile;

  it("reads the page from the operation's route, with the dialect's list query, not from the table's list", async () => {
    const { http, server } = createTestClient();
    server.answerWith(() => ({ body: { code: 200, msg: 'ok', data: { list: [{ id: 'k1', fullName: 'a' }], pagination: { currentPage: 2, pageSize: 10, total: 11 } } } }));
    const provider = createDataProvider(sessionsModel({ sessions: { route: 'GET {base}/Sessions', permission: 'online', hook: 'x.sessions' } }), http);
    await expect(provider.list({ ...page(), keyword: 'zhang' })).resolves.toEqual({ records: [{ id: 'k1', fullName: 'a' }], total: 11, page: 2, pageSize: 10 });
    expect(server.last).toMatchObject({ method: 'GET', url: '/api/permission/Position/Sessions', query: `_t=${T}&currentPage=2&pageSize=10&keyword=zhang` });
  });

  it('rejects a rows operation the model does not declare, without a request', async () => {
    const { http, server } = createTestClient();
    await expect(createDataProvider(sessionsModel({}), http).list(page())).rejects.toMatchObject({ errorCode: 'CL_ERR_OPERATION_OFF' });
    expect(server.requests).toHaveLength(0);
  });
});

describe('named operations (callOperation)', () => {
  const withOperations = (model: ModelFile) =>
    ({
      ...model,
      operations: {
        resetPassword: { route: 'PUT {base}/{id}/Actions/ResetPassword', permission: 'resetPassword', target: 'record' },
        release: { route: 'POST {base}/Actions/Release', permission: 'release' },
        unlock: { route: 'GET {base}/unlock', permission: 'unlock', target: 'record' },
      },
    }) as unknown as ModelFile;

  it('api dialect: {base} and {id} filled, values and checked ids in the JSON body, the server message back', async () => {
    const { http, server } = createTestClient();
    server.answerWith(() => ({ body: { code: 200, msg: '重置成功', data: null } }));
    const provider = createDataProvider(withOperations(positionModel), http);
    await expect(provider.callOperation('resetPassword', { id: 'a/1', values: { password: 'x' } })).resolves.toBe('重置成功');
    expect(server.last).toMatchObject({ method: 'PUT', url: '/api/permission/Position/a%2F1/Actions/ResetPassword', body: { password: 'x' } });
    await provider.callOperation('release', { ids: ['1', '2'] });
    expect(server.last).toMatchObject({ method: 'POST', url: '/api/permission/Position/Actions/Release', body: { ids: ['1', '2'] } });
  });

  it('jeecg dialect: an id without {id} goes in the query of a GET, checked ids comma-joined', async () => {
    const { http, server } = createTestClient();
    const provider = createDataProvider(withOperations(sampleModel), http);
    await provider.callOperation('unlock', { id: '7' });
    expect(server.last).toMatchObject({ method: 'GET', url: '/admin/sample/unlock', query: `_t=${T}&id=7` });
    await provider.callOperation('release', { ids: ['1', '2'] });
    expect(server.last).toMatchObject({ method: 'POST', url: '/admin/sample/Actions/Release', body: { ids: '1,2' } });
  });

  it('rejects an operation the model does not declare, without a request', async () => {
    const { http, server } = createTestClient();
    const error = await rejection(createDataProvider(positionModel, http).callOperation('nope'));
    expect(error).toMatchObject({ kind: 'contract', errorCode: 'CL_ERR_OPERATION_OFF' });
    expect(error.message).toContain('declares no operation "nope"');
    expect(server.requests).toHaveLength(0);
  });
});
