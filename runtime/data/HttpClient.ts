import type { AxiosAdapter } from 'axios';
import type { Lang } from '../model/types';

/**
 * How the request conventions (spec 000 §7) and the error catalogue (spec 000 §8) reach the user.
 * The runtime knows no app shell: the application passes these in (antd notification/message/modal).
 */
export interface RequestFeedback {
  /** a notification with a title, e.g. 系统提示 / 拒绝访问 */
  notify(kind: 'error' | 'warning', title: string, description: string, durationSec?: number): void;
  /** a short toast, e.g. the server's message for 4 s */
  toast(kind: 'error' | 'warning' | 'success' | 'info', text: string, durationSec?: number): void;
  /** the 登录已过期 modal with its 重新登录 button; resolves when the user confirms */
  confirmRelogin(title: string, content: string, okText: string): Promise<void>;
  /**
   * sign out (the app informs the server with POST /sys/logout and completes even when that fails, then drops
   * the local session), then reload the page unless `reload` is false (spec 000 §8: not on the root or login page)
   */
  signOut(options: { reload: boolean }): void;
}

export interface HttpClientOptions {
  /** '' for same origin */
  baseURL?: string;
  getToken(): string | null;
  /** sent as the tenant_id header; null → '0' */
  getTenantId(): string | number | null;
  getLang(): Lang;
  feedback: RequestFeedback;
  /** the runtime's translate function for catalogue texts (namespace 'data') */
  t(key: string, params?: Record<string, unknown>): string;
  /** default 9,000 ms (spec 000 §9); long-running paths get 100,000 ms (requestConventions.ts) */
  timeoutMs?: number;
  /**
   * The network boundary: axios' default (XHR in the browser) unless given. Tests pass an adapter that
   * records the request and answers with an envelope fixture.
   */
  adapter?: AxiosAdapter;
  /**
   * Called with the dictionaries' version an answer names (header x-dict-version, on a signed-in
   * caller's answers), so the application can drop dictionaries it cached when they change.
   */
  onDictVersion?(version: string): void;
}

export interface RequestOptions {
  params?: Record<string, unknown>;
  data?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * suppress every automatic reaction of the error catalogue — toasts, notifications, the relogin
   * modal and the sign-out — because the caller handles the error itself (e.g. the logout call)
   */
  silent?: boolean;
  /**
   * the caller shows this request's business failure itself (a module import's report, read longer than the
   * catalogue's 1.5 s; a failure it answers with a dialog): every other failure still gets the catalogue's reaction
   */
  showsBusinessFailure?: boolean;
  responseType?: 'json' | 'blob';
  /** bytes of the answer received so far (a long export shows them while the file streams in) */
  onDownloadProgress?: (loaded: number) => void;
  /** bytes of the request body sent so far, of `total` (an upload cell shows 'uploading (n%)') */
  onUploadProgress?: (loaded: number, total: number) => void;
  /**
   * a second exclusive request with the same method and URL while one is in flight is refused with
   * the warning 请求中，请稍候… (spec 000 §8 "duplicate in-flight post"); meant for submit buttons
   */
  exclusive?: boolean;
}

/**
 * Either envelope, normalised: the renderers never see success/result or code/msg/data. `code` is
 * 200 for every success (jeecg code 0 and api '200' included) except jeecg's 201 (import with rejected
 * rows); `data` is jeecg `result` / api `data`, or the Blob of a download.
 */
export interface NormalizedResponse<T = unknown> {
  code: number;
  message: string;
  data: T;
}

/**
 * @example
 * const http = createHttpClient({ getToken, getTenantId, getLang, feedback, t });
 * const { data } = await http.get<{ list: Option[] }>('/sys/position/select');
 */
export interface HttpClient {
  request<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, options?: RequestOptions): Promise<NormalizedResponse<T>>;
  get<T>(url: string, params?: Record<string, unknown>, options?: RequestOptions): Promise<NormalizedResponse<T>>;
  post<T>(url: string, data?: unknown, options?: RequestOptions): Promise<NormalizedResponse<T>>;
  put<T>(url: string, data?: unknown, options?: RequestOptions): Promise<NormalizedResponse<T>>;
  delete<T>(url: string, params?: Record<string, unknown>, options?: RequestOptions): Promise<NormalizedResponse<T>>;
}
