import { afterEach, describe, expect, it, vi } from 'vitest';
import { isApiError, type ApiError } from '../../../../runtime/data/ApiError';
import { envelope } from './support/fixtures';
import { createTestClient } from './support/testClient';

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isApiError(error)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

const blobOf = (body: unknown, type = 'application/json') => new Blob([JSON.stringify(body)], { type });

afterEach(() => {
  vi.useRealTimers();
  window.location.hash = '';
});

describe('error catalogue (spec 000 §8)', () => {
  it('HTTP 403: notification 系统提示 / 拒绝访问', async () => {
    const { http, feedback } = createTestClient({ responder: () => ({ status: 403, body: envelope('api', 'forbidden-403') }) });
    const error = await failure(http.get('/api/permission/Position'));
    expect(feedback.notify).toHaveBeenCalledWith('error', '系统提示', '拒绝访问');
    expect(error).toMatchObject({ status: 403, notified: true });
  });

  it('HTTP 403 of another kind (tenant) is kind forbidden', async () => {
    const body = { success: false, code: 403, message: '无权访问该租户的数据', error: 'CL_ERR_TENANT_FORBIDDEN' };
    const { http } = createTestClient({ responder: () => ({ status: 403, body }) });
    await expect(http.get('/sys/x')).rejects.toMatchObject({ kind: 'forbidden', errorCode: 'CL_ERR_TENANT_FORBIDDEN' });
  });

  it('HTTP 404: 很抱歉，资源未找到!', async () => {
    const { http, feedback } = createTestClient({ responder: () => ({ status: 404, body: '' }) });
    const error = await failure(http.get('/sys/nothing'));
    expect(feedback.toast).toHaveBeenCalledWith('error', '很抱歉，资源未找到!');
    expect(error).toMatchObject({ kind: 'notFound', errorCode: 'CL_ERR_HTTP_NOT_FOUND', message: '很抱歉，资源未找到!' });
  });

  it('HTTP 504: 网络超时', async () => {
    const { http, feedback } = createTestClient({ responder: () => ({ status: 504, body: '' }) });
    const error = await failure(http.get('/sys/x'));
    expect(feedback.toast).toHaveBeenCalledWith('error', '网络超时');
    expect(error.kind).toBe('timeout');
  });

  it('HTTP 401 with a session: 未授权，请重新登录, then sign-out and reload after 1.5 s, once for a burst', async () => {
    vi.useFakeTimers();
    // 1. two requests fail with 401 at the same time
    const { http, feedback } = createTestClient({ responder: () => ({ status: 401, body: envelope('jeecg', 'token-invalid-401') }) });
    const errors = await Promise.all([failure(http.get('/sys/a')), failure(http.get('/sys/b'))]);
    // 2. one toast, both errors count as shown
    expect(feedback.toast).toHaveBeenCalledTimes(1);
    expect(feedback.toast).toHaveBeenCalledWith('error', '未授权，请重新登录');
    expect(errors.map((e) => [e.kind, e.notified, e.errorCode])).toEqual([
      ['auth', true, 'CL_ERR_AUTH_TOKEN_INVALID'],
      ['auth', true, 'CL_ERR_AUTH_TOKEN_INVALID'],
    ]);
    // 3. the sign-out waits 1.5 s
    vi.advanceTimersByTime(1499);
    expect(feedback.signOut).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(feedback.signOut).toHaveBeenCalledTimes(1);
    expect(feedback.signOut).toHaveBeenCalledWith({ reload: true });
  });

  it('HTTP 401 without a session: the toast only', async () => {
    vi.useFakeTimers();
    const { http, feedback } = createTestClient({ token: null, responder: () => ({ status: 401, body: envelope('api', 'token-invalid-401') }) });
    await failure(http.get('/api/x'));
    vi.advanceTimersByTime(5000);
    expect(feedback.toast).toHaveBeenCalledWith('error', '未授权，请重新登录');
    expect(feedback.signOut).not.toHaveBeenCalled();
  });

  it('HTTP 500 with Token失效 and a session: the 登录已过期 modal, then sign-out and reload', async () => {
    const { http, feedback, confirmRelogin } = createTestClient({ responder: () => ({ status: 500, body: envelope('jeecg', 'token-invalid-500-legacy') }) });
    window.location.hash = '#/system/position';
    const error = await failure(http.get('/sys/x'));
    expect(error.kind).toBe('auth');
    expect(feedback.confirmRelogin).toHaveBeenCalledWith('登录已过期', '很抱歉，登录已过期，请重新登录', '重新登录');
    expect(feedback.signOut).not.toHaveBeenCalled();
    confirmRelogin();
    await vi.waitFor(() => expect(feedback.signOut).toHaveBeenCalledTimes(1));
    expect(feedback.signOut).toHaveBeenCalledWith({ reload: true });
    expect(feedback.toast).not.toHaveBeenCalled();
  });

  it.each(['#/', '#/user/login?redirect=%2Fhome'])('on %s the modal skips the reload but still signs out', async (hash) => {
    const { http, feedback, confirmRelogin } = createTestClient({ responder: () => ({ status: 500, body: envelope('jeecg', 'token-invalid-500-legacy') }) });
    window.location.hash = hash;
    await failure(http.get('/sys/x'));
    confirmRelogin();
    await vi.waitFor(() => expect(feedback.signOut).toHaveBeenCalledTimes(1));
    expect(feedback.signOut).toHaveBeenCalledWith({ reload: false });
  });

  it('shows the modal once for several expired answers', async () => {
    const { http, feedback } = createTestClient({ responder: () => ({ status: 500, body: envelope('jeecg', 'token-invalid-500-legacy') }) });
    await Promise.all([failure(http.get('/sys/a')), failure(http.get('/sys/b'))]);
    expect(feedback.confirmRelogin).toHaveBeenCalledTimes(1);
  });

  it.each(['session-expired-600', 'signed-out-601'])(
    'REST code %s (spec 000 §8 second client): the message for 1.5 s, then sign-out and reload, no modal, once for a burst',
    async (fixture) => {
      vi.useFakeTimers();
      const { http, feedback } = createTestClient({ responder: () => ({ status: 200, body: envelope('api', fixture) }) });
      const errors = await Promise.all([failure(http.get('/api/a')), failure(http.get('/api/b'))]);
      expect(errors.map((e) => [e.kind, e.notified])).toEqual([
        ['auth', true],
        ['auth', true],
      ]);
      expect(feedback.confirmRelogin).not.toHaveBeenCalled();
      expect(feedback.toast).toHaveBeenCalledTimes(1);
      expect(feedback.toast).toHaveBeenCalledWith('error', (envelope('api', fixture) as { msg: string }).msg, 1.5);
      vi.advanceTimersByTime(1499);
      expect(feedback.signOut).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(feedback.signOut).toHaveBeenCalledWith({ reload: true });
    },
  );

  it('HTTP 500 with Token失效 but no session: the server message for 4 s', async () => {
    const { http, feedback } = createTestClient({ token: null, responder: () => ({ status: 500, body: envelope('jeecg', 'token-invalid-500-legacy') }) });
    await failure(http.get('/sys/x'));
    expect(feedback.confirmRelogin).not.toHaveBeenCalled();
    expect(feedback.toast).toHaveBeenCalledWith('error', 'Token失效，请重新登录!', 4);
  });

  it('any other status: the server message for 4 s', async () => {
    const { http, feedback } = createTestClient({ responder: () => ({ status: 500, body: envelope('jeecg', 'internal-500') }) });
    const error = await failure(http.get('/sys/x'));
    expect(feedback.toast).toHaveBeenCalledWith('error', '系统内部错误，请联系管理员（请求号 req-7f3a9c）', 4);
    expect(error).toMatchObject({ kind: 'server', errorCode: 'CL_ERR_INTERNAL' });
  });

  it('a status without an envelope: 请求出错，请重试 for 4 s', async () => {
    const { http, feedback } = createTestClient({ responder: () => ({ status: 502, body: '<html><body>Bad Gateway</body></html>' }) });
    await failure(http.get('/sys/x'));
    expect(feedback.toast).toHaveBeenCalledWith('error', '请求出错，请重试', 4);
  });

  it('network error: 请求出错，请重试', async () => {
    const { http, feedback } = createTestClient({ responder: () => ({ network: 'error' }) });
    const error = await failure(http.get('/sys/x'));
    expect(feedback.toast).toHaveBeenCalledWith('error', '请求出错，请重试');
    expect(error).toMatchObject({ kind: 'network', status: 0, code: 0, errorCode: 'CL_ERR_NETWORK' });
  });

  it('timeout: 网络超时', async () => {
    const { http, feedback } = createTestClient({ responder: () => ({ network: 'timeout' }) });
    const error = await failure(http.get('/sys/x'));
    expect(feedback.toast).toHaveBeenCalledWith('error', '网络超时');
    expect(error).toMatchObject({ kind: 'timeout', status: 0, errorCode: 'CL_ERR_TIMEOUT' });
  });

  it('jeecg code 510: a warning with the message, no sign-out', async () => {
    const { http, feedback } = createTestClient({ responder: () => ({ body: envelope('jeecg', 'no-permission-510') }) });
    await failure(http.get('/sys/x'));
    expect(feedback.toast).toHaveBeenCalledWith('warning', '没有权限，请联系管理员授权');
    expect(feedback.signOut).not.toHaveBeenCalled();
  });

  it('texts follow the language of the client', async () => {
    const { http, feedback } = createTestClient({ lang: 'en', responder: () => ({ status: 403, body: '' }) });
    await failure(http.get('/sys/x'));
    expect(feedback.notify).toHaveBeenCalledWith('error', 'System notice', 'Access denied');
  });

  it('an aborted request rejects with AbortError and shows nothing', async () => {
    const { http, feedback, server } = createTestClient({ responder: () => ({ hang: true }) });
    const controller = new AbortController();
    const pending = http.get('/sys/x', undefined, { signal: controller.signal });
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(feedback.toast).not.toHaveBeenCalled();
  });
});

describe('blob responses', () => {
  it('hands a file over as a Blob', async () => {
    const file = new Blob(['PK…'], { type: 'application/vnd.ms-excel' });
    const { http, server } = createTestClient({ responder: () => ({ body: file }) });
    const { data } = await http.get<Blob>('/admin/sample/exportXls', undefined, { responseType: 'blob' });
    expect(server.last.responseType).toBe('blob');
    expect(data).toBeInstanceOf(Blob);
    expect(data.type).toBe('application/vnd.ms-excel');
  });

  it('reads a JSON error envelope out of a failed blob: HTTP 500 Token失效 → the modal', async () => {
    const { http, feedback } = createTestClient({ responder: () => ({ status: 500, body: blobOf(envelope('jeecg', 'token-invalid-500-legacy')) }) });
    await failure(http.get('/admin/sample/exportXls', undefined, { responseType: 'blob' }));
    expect(feedback.confirmRelogin).toHaveBeenCalledTimes(1);
  });

  it('reads a JSON failure envelope sent with HTTP 200 as a business error', async () => {
    const { http } = createTestClient({ responder: () => ({ body: blobOf(envelope('jeecg', 'business-failure')) }) });
    await expect(http.get('/admin/sample/exportXls', undefined, { responseType: 'blob' })).rejects.toMatchObject({ kind: 'business', errorCode: 'CL_ERR_RECORD_STALE' });
  });
});

describe('business failures are the caller’s to show', () => {
  it.each([
    ['jeecg', '/sys/x', 'validation-failure', 'validation'],
    ['jeecg', '/sys/x', 'business-failure', 'business'],
    ['api', '/api/x', 'validation-failure', 'validation'],
  ] as const)('%s %s: %s → kind %s, nothing shown', async (family, url, fixture, kind) => {
    const { http, feedback } = createTestClient({ responder: () => ({ body: envelope(family, fixture) }) });
    const error = await failure(http.post(url, {}));
    expect(error).toMatchObject({ kind, notified: false });
    expect(feedback.toast).not.toHaveBeenCalled();
    expect(feedback.notify).not.toHaveBeenCalled();
  });
});

describe('the second client (spec 000 §8): code not 200', () => {
  it('shows an /api business failure’s message for 1.5 s, whoever asked, and marks it shown', async () => {
    const { http, feedback } = createTestClient({ responder: () => ({ body: envelope('api', 'business-failure') }) });
    const error = await failure(http.get('/api/x'));
    expect(error).toMatchObject({ kind: 'business', notified: true });
    expect(feedback.toast).toHaveBeenCalledWith('error', (envelope('api', 'business-failure') as { msg: string }).msg, 1.5);
  });

  it('says "request error, please retry" when the failure has no message', async () => {
    const { http, feedback } = createTestClient({ responder: () => ({ body: { code: 500, msg: '', data: null } }) });
    await failure(http.post('/api/x', {}));
    expect(feedback.toast).toHaveBeenCalledWith('error', '请求出错，请重试', 1.5);
  });
});

describe('a request whose caller shows its business failure (showsBusinessFailure)', () => {
  it('gets the /api business failure unshown, to show it itself', async () => {
    const { http, feedback } = createTestClient({ responder: () => ({ body: envelope('api', 'business-failure') }) });
    const error = await failure(http.post('/api/x', {}, { showsBusinessFailure: true }));
    expect(error).toMatchObject({ kind: 'business', notified: false });
    expect(feedback.toast).not.toHaveBeenCalled();
  });

  it('still gets every other reaction of the catalogue: a 403 is notified and marked shown', async () => {
    const { http, feedback } = createTestClient({ responder: () => ({ status: 403, body: envelope('api', 'forbidden-403') }) });
    const error = await failure(http.post('/api/x', {}, { showsBusinessFailure: true }));
    expect(error.notified).toBe(true);
    expect(feedback.notify).toHaveBeenCalledWith('error', '系统提示', '拒绝访问');
  });
});

describe('silent requests', () => {
  it('show nothing and never sign out', async () => {
    vi.useFakeTimers();
    const { http, feedback } = createTestClient({ responder: () => ({ status: 401, body: envelope('jeecg', 'token-invalid-401') }) });
    const error = await failure(http.post('/sys/logout', undefined, { silent: true }));
    vi.advanceTimersByTime(5000);
    expect(error).toMatchObject({ kind: 'auth', notified: false });
    expect(Object.values(feedback).every((fn) => fn.mock.calls.length === 0)).toBe(true);
  });
});

describe('duplicate in-flight guard', () => {
  it('refuses a second exclusive request to the same URL while the first is in flight', async () => {
    // 1. the first answer waits for the test
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { http, feedback, server } = createTestClient({ responder: async () => (await gate, { body: envelope('jeecg', 'add-success') }) });
    const first = http.post('/admin/sample/add', { a: 1 }, { exclusive: true });
    // 2. the second is refused at once, with the warning
    const second = await failure(http.post('/admin/sample/add', { a: 1 }, { exclusive: true }));
    expect(second).toMatchObject({ errorCode: 'CL_ERR_REQUEST_IN_FLIGHT', notified: true, message: '请求中，请稍候…' });
    expect(feedback.toast).toHaveBeenCalledWith('warning', '请求中，请稍候…');
    // 3. other URLs and non-exclusive requests are not held back
    const other = http.post('/admin/sample/edit', {}, { exclusive: true });
    const plain = http.post('/admin/sample/add', {});
    release();
    await expect(Promise.all([first, other, plain])).resolves.toHaveLength(3);
    // 4. once the first has settled, the URL is free again
    await expect(http.post('/admin/sample/add', {}, { exclusive: true })).resolves.toMatchObject({ message: '添加成功' });
    expect(server.requests).toHaveLength(4);
  });

  it('frees the URL after a failure too', async () => {
    const { http } = createTestClient({ responder: () => ({ body: envelope('jeecg', 'business-failure') }) });
    await failure(http.post('/admin/sample/add', {}, { exclusive: true }));
    await expect(http.post('/admin/sample/add', {}, { exclusive: true })).rejects.toMatchObject({ errorCode: 'CL_ERR_RECORD_STALE' });
  });
});
