import axios, { AxiosError, AxiosHeaders, CanceledError, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';

/** What the network saw: the boundary the tests assert on. */
export interface CapturedRequest {
  method: string;
  /** path as requested (baseURL + url), without the query */
  url: string;
  /** the exact query string on the wire, without '?' */
  query: string;
  params: Record<string, unknown> | undefined;
  /** parsed JSON body, or undefined when none was sent */
  body: unknown;
  headers: Record<string, string>;
  timeout: number | undefined;
  responseType: string | undefined;
}

export type FakeAnswer =
  | { status?: number; body?: unknown; headers?: Record<string, string> }
  | { network: 'error' | 'timeout' }
  /** never answers; rejects like axios when the request's signal aborts */
  | { hang: true };

export type Responder = (request: CapturedRequest) => FakeAnswer | Promise<FakeAnswer>;

function parseBody(data: unknown): unknown {
  if (typeof data !== 'string') return data ?? undefined;
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
}

function capture(config: InternalAxiosRequestConfig): CapturedRequest {
  const full = axios.getUri(config);
  const [path = '', query = ''] = full.split('?');
  return {
    method: (config.method ?? 'get').toUpperCase(),
    url: path,
    query,
    params: config.params as Record<string, unknown> | undefined,
    body: parseBody(config.data),
    headers: Object.fromEntries(Object.entries(AxiosHeaders.from(config.headers).toJSON()).map(([k, v]) => [k, String(v)])),
    timeout: config.timeout,
    responseType: config.responseType,
  };
}

/**
 * An axios adapter standing in for the server: it records every request and answers with what the
 * responder returns (a JSON body is sent as text, as XHR delivers it, so axios' own parsing runs).
 */
export function createFakeServer(responder: Responder = () => ({ body: { success: true, code: 200, message: '', result: null } })) {
  const requests: CapturedRequest[] = [];
  let respond = responder;

  const adapter: AxiosAdapter = async (config) => {
    const request = capture(config);
    requests.push(request);
    const answer = await respond(request);
    if ('hang' in answer) {
      return new Promise<AxiosResponse>((_, reject) => {
        const signal = config.signal as AbortSignal | undefined;
        signal?.addEventListener('abort', () => reject(new CanceledError(undefined, undefined, config)), { once: true });
      });
    }
    if ('network' in answer) {
      throw answer.network === 'timeout'
        ? new AxiosError(`timeout of ${config.timeout}ms exceeded`, AxiosError.ECONNABORTED, config)
        : new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    }
    const body = answer.body;
    const isBlob = body instanceof Blob;
    return {
      data: isBlob || typeof body === 'string' ? body : body === undefined ? '' : JSON.stringify(body),
      status: answer.status ?? 200,
      statusText: '',
      headers: new AxiosHeaders({ 'content-type': isBlob ? body.type : 'application/json;charset=UTF-8', ...answer.headers }),
      config,
      request: {},
    };
  };

  return {
    adapter,
    requests,
    /** the last request seen */
    get last(): CapturedRequest {
      const request = requests.at(-1);
      if (!request) throw new Error('no request was sent');
      return request;
    },
    answerWith(next: Responder) {
      respond = next;
    },
  };
}
