import { describe, expect, it, vi } from 'vitest';
import { isApiError, type ApiError } from '../../../../runtime/data/ApiError';
import { createDataProvider } from '../../../../runtime/data/createDataProvider';
import { DIALECTS, type DialectName, type TestDialect } from './support/dialectModels';
import { envelope } from './support/fixtures';
import { createTestClient } from './support/testClient';

const page = (p = {}) => ({ page: 2, pageSize: 10, ...p });

/** Decoding cases: one fixture in, one normalised result or ApiError out. */
const providerOf = (dialect: TestDialect, name: string, status = 200) => {
  const client = createTestClient({ responder: () => ({ status, body: envelope(dialect.name, name) }) });
  return { ...client, provider: createDataProvider(dialect.model, client.http) };
};

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isApiError(error)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

const QUIRK_FIXTURE: Record<DialectName, string> = { jeecg: 'success-code-0', api: 'success-code-string' };
const NO_PERMISSION: Record<DialectName, { status: number; fixture: string }> = {
  jeecg: { status: 200, fixture: 'no-permission-510' },
  api: { status: 403, fixture: 'forbidden-403' },
};
const SESSION_EXPIRED: Record<DialectName, { status: number; fixture: string }> = {
  jeecg: { status: 500, fixture: 'token-invalid-500-legacy' },
  api: { status: 200, fixture: 'session-expired-600' },
};

for (const dialect of DIALECTS) {
  describe(`${dialect.name}: envelopes`, () => {
    it(`reads the older success form (${QUIRK_FIXTURE[dialect.name]})`, async () => {
      const { provider } = providerOf(dialect, QUIRK_FIXTURE[dialect.name]);
      const body = envelope(dialect.name, QUIRK_FIXTURE[dialect.name]);
      await expect(provider.get('1')).resolves.toEqual(dialect.name === 'jeecg' ? body.result : body.data);
    });

    it('rejects a validation failure with its field errors and shows nothing', async () => {
      const { provider, feedback } = providerOf(dialect, 'validation-failure');
      const error = await rejection(provider.create({}));
      expect(error).toMatchObject({ kind: 'validation', status: 200, errorCode: 'CL_ERR_VALIDATION', requestId: 'req-7f3a9c', notified: false, dialect: dialect.name });
      expect(error.fieldErrors).toHaveLength(2);
      expect(error.fieldErrors![0]).toEqual({ field: expect.any(String), message: expect.stringContaining('不能为空') });
      expect(error.message).toContain('；');
      expect(feedback.toast).not.toHaveBeenCalled();
      expect(feedback.notify).not.toHaveBeenCalled();
    });

    it('rejects a business failure (stale version) with the server message; the second client (/api) shows it for 1.5 s', async () => {
      const { provider, feedback } = providerOf(dialect, 'business-failure');
      const error = await rejection(provider.update('42', { version: 1 }));
      const second = dialect.name === 'api';
      expect(error).toMatchObject({ kind: 'business', errorCode: 'CL_ERR_RECORD_STALE', message: '数据已被他人修改，请刷新后重试', notified: second });
      if (second) expect(feedback.toast).toHaveBeenCalledWith('error', '数据已被他人修改，请刷新后重试', 1.5);
      else expect(feedback.toast).not.toHaveBeenCalled();
    });

    it('reports a missing permission as kind permission', async () => {
      const { status, fixture } = NO_PERMISSION[dialect.name];
      const { provider, feedback } = providerOf(dialect, fixture, status);
      const error = await rejection(provider.remove('42'));
      expect(error).toMatchObject({ kind: 'permission', errorCode: 'CL_ERR_NO_PERMISSION', status, notified: true });
      if (dialect.name === 'jeecg') {
        // HTTP 200 code 510: a warning, the session stays
        expect(feedback.toast).toHaveBeenCalledWith('warning', '没有权限，请联系管理员授权');
      } else {
        // HTTP 403: the catalogue's notification
        expect(feedback.notify).toHaveBeenCalledWith('error', '系统提示', '拒绝访问');
      }
      expect(feedback.signOut).not.toHaveBeenCalled();
      expect(feedback.confirmRelogin).not.toHaveBeenCalled();
    });

    it('treats an expired session as the login-expired path', async () => {
      const { status, fixture } = SESSION_EXPIRED[dialect.name];
      const { provider, feedback } = providerOf(dialect, fixture, status);
      const error = await rejection(provider.list(page()));
      expect(error).toMatchObject({ kind: 'auth', status, notified: true });
      if (dialect.name === 'jeecg') {
        expect(feedback.confirmRelogin).toHaveBeenCalledWith('登录已过期', '很抱歉，登录已过期，请重新登录', '重新登录');
      } else {
        // REST 600: the server's message, then the sign-out (spec 000 §8 "second client"), no modal
        expect(feedback.confirmRelogin).not.toHaveBeenCalled();
        expect(feedback.toast).toHaveBeenCalledWith('error', error.message, 1.5);
      }
    });

    it('turns a malformed body into a contract error that teaches', async () => {
      const { provider, feedback } = providerOf(dialect, 'malformed');
      const error = await rejection(provider.list(page()));
      expect(error).toMatchObject({ kind: 'contract', errorCode: 'CL_ERR_CONTRACT_ENVELOPE', notified: true });
      expect(error.message).toContain(`The ${dialect.name} dialect expects GET ${dialect.model.api.base}`);
      expect(error.message).toContain(dialect.name === 'jeecg' ? '{success: boolean' : '{code: number, msg: string, data: any}');
      expect(error.message).toContain(JSON.stringify(envelope(dialect.name, 'malformed')).slice(0, 40));
      expect(feedback.toast).toHaveBeenCalledWith('error', '返回数据类型无法识别');
    });

    it('rejects a list payload of the wrong shape as a contract error', async () => {
      const { provider } = providerOf(dialect, 'record');
      const error = await rejection(provider.list(page()));
      expect(error).toMatchObject({ kind: 'contract', errorCode: 'CL_ERR_CONTRACT_PAYLOAD', notified: false });
      expect(error.message).toContain(dialect.name === 'jeecg' ? 'result: {records: []' : 'data: {list: []');
    });

    it('passes the AbortSignal of list and get to the request', async () => {
      const { http, server } = createTestClient({ responder: () => ({ hang: true }) });
      const provider = createDataProvider(dialect.model, http);
      const controller = new AbortController();
      const listing = provider.list(page({ signal: controller.signal }));
      const getting = provider.get('42', controller.signal);
      await vi.waitFor(() => expect(server.requests).toHaveLength(2));
      controller.abort();
      await expect(listing).rejects.toMatchObject({ name: 'AbortError' });
      await expect(getting).rejects.toMatchObject({ name: 'AbortError' });
    });
  });
}

