import axios, { AxiosHeaders, type AxiosResponse } from 'axios';
import { ApiError, isApiError } from './ApiError';
import type { RequestContext } from './assertEnvelope';
import { createErrorFeedback } from './createErrorFeedback';
import { createInFlightGuard } from './createInFlightGuard';
import { decodeResponse } from './decodeResponse';
import { clientErrorTextKey } from './errors';
import { familyOf, pathOf } from '../model/familyOf';
import { fromTransportError } from './fromTransportError';
import type { HttpClient, HttpClientOptions, NormalizedResponse, RequestOptions } from './HttpClient';
import { readBody } from './readBody';
import { buildHeaders, needsTimestamp, timeoutFor, timestampSeconds, toQueryString } from './requestConventions';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The HTTP client of one runtime (its own axios instance; nothing global). Every request carries the
 * spec 000 §7 conventions (X-Access-Token when signed in, tenant_id, Accept-Language, `_t` on GETs,
 * 9 s / 100 s timeouts). Answers are decoded by the family of their URL (/api/… → {code,msg,data},
 * else {success,message,code,result}) into a NormalizedResponse; every failure rejects with an
 * ApiError after the spec 000 §8 catalogue has been applied through `options.feedback` — except
 * validation failures and the jeecg family's business failures, which the caller shows (error.notified
 * stays false); the /api family's business failures are shown for 1.5 s (the spec's "second client").
 * An aborted request rejects with the signal's reason and shows nothing.
 *
 * @example
 * const http = createHttpClient({
 *   getToken: () => session.token,
 *   getTenantId: () => session.tenantId,
 *   getLang: () => i18n.language as Lang,
 *   feedback: antdFeedback,
 *   t: i18n.getFixedT(null, 'data'),
 * });
 * const { data } = await http.get<Option[]>('/sys/position/select');
 */
/** the answer header naming the dictionaries' version (server/plugins/dictVersionPlugin.ts) */
export const DICT_VERSION_HEADER = 'x-dict-version';

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const instance = axios.create({
    baseURL: options.baseURL ?? '',
    // every HTTP status resolves: the error catalogue, not axios, decides what a status means
    validateStatus: () => true,
    paramsSerializer: { serialize: toQueryString },
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });
  const feedback = createErrorFeedback(options);
  const inFlight = createInFlightGuard();
  const t = (key: string) => options.t(key);

  async function send(method: Method, url: string, request: RequestOptions, ctx: RequestContext): Promise<NormalizedResponse> {
    let response: AxiosResponse<unknown>;
    try {
      response = await instance.request<unknown>({
        method,
        url,
        params: needsTimestamp(method, url) ? { _t: timestampSeconds(), ...request.params } : request.params,
        data: request.data,
        headers: buildHeaders(options),
        timeout: timeoutFor(url, request.timeoutMs, options.timeoutMs),
        signal: request.signal,
        ...(request.responseType === 'blob' ? { responseType: 'blob' as const } : {}),
        ...(request.onDownloadProgress ? { onDownloadProgress: ({ loaded }: { loaded: number }) => request.onDownloadProgress?.(loaded) } : {}),
        ...(request.onUploadProgress
          ? { onUploadProgress: ({ loaded, total }: { loaded: number; total?: number }) => request.onUploadProgress?.(loaded, total ?? loaded) }
          : {}),
      });
    } catch (error) {
      throw fromTransportError(error, ctx, request.signal, t);
    }
    const body = await readBody(response.data, response.status);
    const headers = AxiosHeaders.from(response.headers as Record<string, string>);
    const requestId = headers.get('x-request-id');
    const dictVersion = headers.get(DICT_VERSION_HEADER);
    if (typeof dictVersion === 'string' && dictVersion !== '') options.onDictVersion?.(dictVersion);
    return decodeResponse({ status: response.status, body, requestId: typeof requestId === 'string' ? requestId : undefined }, ctx, t);
  }

  async function request<T>(method: Method, url: string, request: RequestOptions = {}): Promise<NormalizedResponse<T>> {
    const ctx: RequestContext = { dialect: familyOf(url), method, url };
    const key = `${method} ${pathOf(url)}`;
    const exclusive = request.exclusive === true;
    try {
      if (exclusive && !inFlight.enter(key)) throw inFlightError(ctx);
      try {
        return (await send(method, url, request, ctx)) as NormalizedResponse<T>;
      } finally {
        if (exclusive) inFlight.leave(key);
      }
    } catch (error) {
      if (isApiError(error) && !request.silent) feedback.report(error, { callerShowsBusiness: request.showsBusinessFailure === true });
      throw error;
    }
  }

  function inFlightError(ctx: RequestContext): ApiError {
    return new ApiError({ kind: 'business', message: t(clientErrorTextKey('CL_ERR_REQUEST_IN_FLIGHT')), status: 0, code: 0, ...ctx, errorCode: 'CL_ERR_REQUEST_IN_FLIGHT' });
  }

  return {
    request,
    get: (url, params, opts) => request('GET', url, { ...opts, params: { ...opts?.params, ...params } }),
    post: (url, data, opts) => request('POST', url, { ...opts, data }),
    put: (url, data, opts) => request('PUT', url, { ...opts, data }),
    delete: (url, params, opts) => request('DELETE', url, { ...opts, params: { ...opts?.params, ...params } }),
  };
}
