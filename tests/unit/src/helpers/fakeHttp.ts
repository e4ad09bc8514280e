import type { HttpClient, NormalizedResponse, RequestOptions } from '../../../../runtime/data/HttpClient';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** 'METHOD /url' → the `data` to answer, or a function (throw to fail the call) */
export type FakeRoutes = Record<string, unknown | ((body: unknown) => unknown)>;

export interface FakeCall {
  method: Method;
  url: string;
  body: unknown;
  options: RequestOptions | undefined;
}

export interface FakeHttp extends HttpClient {
  calls: FakeCall[];
  routes: FakeRoutes;
}

/** A server failure as the http client rejects it: an Error whose message is the server's text. */
export function serverError(message: string, extra: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(message), { kind: 'business', ...extra });
}

/** An HttpClient whose answers the test controls; an unknown call rejects so nothing passes by accident. */
export function createFakeHttp(routes: FakeRoutes = {}): FakeHttp {
  const calls: FakeCall[] = [];
  async function request<T>(method: Method, url: string, options?: RequestOptions): Promise<NormalizedResponse<T>> {
    const body = options?.data ?? options?.params;
    calls.push({ method, url, body, options });
    const key = `${method} ${url}`;
    if (!(key in fake.routes)) throw new Error(`fakeHttp: unexpected ${key}`);
    const answer = fake.routes[key];
    const data = typeof answer === 'function' ? await (answer as (b: unknown) => unknown)(body) : answer;
    if (data && typeof data === 'object' && 'message' in data && 'data' in data) return data as NormalizedResponse<T>;
    return { code: 200, message: '', data: data as T };
  }
  const fake: FakeHttp = {
    calls,
    routes,
    request,
    get: (url, params, options) => request('GET', url, { ...options, params }),
    post: (url, data, options) => request('POST', url, { ...options, data }),
    put: (url, data, options) => request('PUT', url, { ...options, data }),
    delete: (url, params, options) => request('DELETE', url, { ...options, params }),
  };
  return fake;
}
