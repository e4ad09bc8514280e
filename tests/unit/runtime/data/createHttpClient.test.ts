import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isApiError } from '../../../../runtime/data/ApiError';
import { LONG_RUNNING_PATH_FRAGMENTS } from '../../../../runtime/data/requestConventions';
import { envelope } from './support/fixtures';
import { createTestClient } from './support/testClient';

const T = 1711933200;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2024-04-01T01:00:00.999Z'));
});
afterEach(() => vi.useRealTimers());

describe('request conventions (spec 000 §7)', () => {
  it('sends the token, the tenant and the language', async () => {
    const { http, server } = createTestClient({ token: 'tok-1', tenantId: 7, lang: 'en' });
    await http.get('/sys/annountCement/listByUser');
    expect(server.last.headers).toMatchObject({ 'X-Access-Token': 'tok-1', tenant_id: '7', 'Accept-Language': 'en' });
  });

  it('sends no token header when signed out, and tenant 0 when there is no tenant', async () => {
    const { http, server } = createTestClient({ token: null, tenantId: null });
    await http.post('/sys/login', { username: 'admin' });
    expect(server.last.headers).not.toHaveProperty('X-Access-Token');
    expect(server.last.headers).toMatchObject({ tenant_id: '0' });
  });

  it('reads token and tenant at request time, not at creation', async () => {
    const { http, server, state } = createTestClient({ token: null });
    state.token = 'later';
    state.tenantId = '12';
    await http.get('/sys/user/getCurrentUserDeparts');
    expect(server.last.headers).toMatchObject({ 'X-Access-Token': 'later', tenant_id: '12' });
  });

  it('stamps GETs with _t in whole seconds, before the caller params', async () => {
    const { http, server } = createTestClient();
    await http.get('/sys/dict/loadDict/sex', { keyword: '男', pageSize: 20 });
    expect(server.last.query).toBe(`_t=${T}&keyword=%E7%94%B7&pageSize=20`);
  });

  it.each(['/sys/dict/loadDictItem/sex?key=1,2', '/system/model/system.position'])('does not stamp %s', async (url) => {
    const { http, server } = createTestClient();
    await http.get(url);
    expect(server.last.query).not.toContain('_t=');
  });

  it('does not stamp other methods', async () => {
    const { http, server } = createTestClient();
    await http.delete('/sys/position/delete', { id: '1' });
    await http.post('/sys/position/add', { a: 1 });
    expect(server.requests.map((r) => r.query)).toEqual(['id=1', '']);
  });

  it('uses 9,000 ms, the client option, or the request option', async () => {
    const { http, server } = createTestClient();
    await http.get('/sys/x');
    await http.get('/sys/x', undefined, { timeoutMs: 1234 });
    const custom = createTestClient({ timeoutMs: 20_000 });
    await custom.http.get('/sys/x');
    expect([...server.requests.map((r) => r.timeout), custom.server.last.timeout]).toEqual([9000, 1234, 20_000]);
  });

  it.each([
    '/api/system/SynThirdInfo/synAllOrganizeSysToDing',
    '/api/extend/Email/Receive',
    '/api/permission/Authority/Data/abc/Values',
    '/api/system/DataSync/Actions/Execute',
  ])('gives the long-running path %s 100,000 ms', async (url) => {
    const { http, server } = createTestClient();
    await http.post(url, {}).catch(() => undefined);
    expect(server.last.timeout).toBe(100_000);
  });

  it('keeps the long-running fragments in one list of four (spec 000 §7)', () => {
    expect(LONG_RUNNING_PATH_FRAGMENTS).toHaveLength(4);
  });

  it('prefixes the baseURL', async () => {
    const { http, server } = createTestClient({ baseURL: '/cloudlab' });
    await http.get('/sys/x');
    expect(server.last.url).toBe('/cloudlab/sys/x');
  });
});

describe('envelopes by URL family', () => {
  it('normalises a jeecg success, and code 0 of older servers to 200', async () => {
    const { http } = createTestClient({ responder: () => ({ body: envelope('jeecg', 'success-code-0') }) });
    const response = await http.get('/admin/sample/queryById');
    expect(response).toEqual({ code: 200, message: '', data: envelope('jeecg', 'success-code-0').result });
  });

  it('keeps jeecg code 201 (import with rejected rows)', async () => {
    const result = { totalCount: 3, errorCount: 1, successCount: 2, msg: '', fileUrl: '/sys/common/static/x', fileName: 'x.xlsx' };
    const { http } = createTestClient({ responder: () => ({ body: { success: true, code: 201, message: '部分导入成功', result } }) });
    await expect(http.post('/admin/consignor/importExcel')).resolves.toEqual({ code: 201, message: '部分导入成功', data: result });
  });

  it("normalises an api success with code '200'", async () => {
    const body = envelope('api', 'success-code-string');
    const { http } = createTestClient({ responder: () => ({ body }) });
    await expect(http.get('/api/permission/Position/1')).resolves.toEqual({ code: 200, message: 'Success', data: body.data });
  });

  it('decodes by the path, never by the payload: a jeecg body on an /api URL is a contract error', async () => {
    const { http } = createTestClient({ responder: () => ({ body: envelope('jeecg', 'record') }) });
    const error = await http.get('/api/permission/Position/1').catch((e: unknown) => e);
    expect(isApiError(error) && error.kind).toBe('contract');
    expect(isApiError(error) && error.dialect).toBe('api');
  });

  it('takes the request id from X-Request-Id when the body has none', async () => {
    const { http } = createTestClient({ responder: () => ({ status: 502, body: '<html>Bad Gateway</html>', headers: { 'X-Request-Id': 'req-h1' } }) });
    await expect(http.get('/sys/x')).rejects.toMatchObject({ requestId: 'req-h1', status: 502, kind: 'server', errorCode: 'CL_ERR_HTTP_STATUS' });
  });

  it('hands the version of the dictionaries an answer names (x-dict-version) to onDictVersion, on success and refusal alike', async () => {
    const onDictVersion = vi.fn();
    let status = 200;
    const { http } = createTestClient({
      onDictVersion,
      responder: () => ({ status, body: envelope('jeecg', 'record'), headers: { 'X-Dict-Version': `v${status}` } }),
    });
    await http.get('/sys/x');
    expect(onDictVersion).toHaveBeenLastCalledWith('v200');
    status = 403;
    await http.get('/sys/x', undefined, { silent: true }).catch(() => undefined);
    expect(onDictVersion).toHaveBeenLastCalledWith('v403');
    const quiet = vi.fn();
    await createTestClient({ onDictVersion: quiet, responder: () => ({ body: envelope('jeecg', 'record') }) }).http.get('/sys/x');
    expect(quiet).not.toHaveBeenCalled();
  });

  it('passes the server CL_ERR_* and request id through', async () => {
    const { http } = createTestClient({ responder: () => ({ status: 400, body: envelope('jeecg', 'bad-request-400') }) });
    await expect(http.get('/sys/x')).rejects.toMatchObject({ kind: 'badRequest', status: 400, code: 400, errorCode: 'CL_ERR_FIELD_UNKNOWN', requestId: 'req-7f3a9c', message: '未知字段：colour', url: '/sys/x', method: 'GET', dialect: 'jeecg' });
  });
});
