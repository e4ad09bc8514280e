import type { HttpClientOptions } from './HttpClient';
import { pathOf } from '../model/familyOf';

/** spec 000 §7 / §9 */
export const BASE_TIMEOUT_MS = 9_000;
export const LONG_RUNNING_TIMEOUT_MS = 100_000;

/**
 * The long-running endpoints of spec 000 §7 (third-party sync, email receive, data authority, data
 * sync execute), as the JNPF client recognises them: by a fragment of the path, compared without case
 * because the same services are mounted under differently-cased prefixes.
 */
export const LONG_RUNNING_PATH_FRAGMENTS = ['SynThirdInfo', 'extend/Email/Receive', 'Permission/Authority/Data', 'DataSync/Actions/Execute'] as const;

/**
 * GETs that must keep a stable URL, so no `_t`: dictionary-item look-ups (spec 000 §7) and model files,
 * which the browser revalidates with their ETag.
 */
export const UNSTAMPED_PATH_PREFIXES = ['/sys/dict/loadDictItem/', '/system/model/'] as const;

export function isLongRunning(url: string): boolean {
  const path = pathOf(url).toLowerCase();
  return LONG_RUNNING_PATH_FRAGMENTS.some((fragment) => path.includes(fragment.toLowerCase()));
}

/** The request's own timeout, else 100 s for long-running paths, else the client's (9 s by default). */
export function timeoutFor(url: string, requestTimeoutMs: number | undefined, clientTimeoutMs: number | undefined): number {
  if (requestTimeoutMs !== undefined) return requestTimeoutMs;
  if (isLongRunning(url)) return LONG_RUNNING_TIMEOUT_MS;
  return clientTimeoutMs ?? BASE_TIMEOUT_MS;
}

export function needsTimestamp(method: string, url: string): boolean {
  if (method !== 'GET') return false;
  const path = pathOf(url);
  return !UNSTAMPED_PATH_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/** `_t`: the current time in whole seconds (spec 000 §7), as Jeecg clients send it. */
export function timestampSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** X-Access-Token only when signed in; tenant_id always ('0' = the caller's default tenant). */
export function buildHeaders(options: Pick<HttpClientOptions, 'getToken' | 'getTenantId' | 'getLang'>): Record<string, string> {
  const token = options.getToken();
  const tenantId = options.getTenantId();
  return {
    ...(token ? { 'X-Access-Token': token } : {}),
    tenant_id: tenantId === null || tenantId === undefined || tenantId === '' ? '0' : String(tenantId),
    'Accept-Language': options.getLang(),
  };
}

/**
 * The query string: undefined and null parameters are left out, arrays are comma-joined (Jeecg's
 * `ids=a,b`), everything else goes through encodeURIComponent except the comma, which is legal in a
 * query and keeps `ids=a,b` / `in` filters readable in logs (axios and Jeecg clients send it raw too).
 */
export function toQueryString(params: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    const text = Array.isArray(value) ? value.join(',') : String(value);
    parts.push(`${encodeQueryPart(key)}=${encodeQueryPart(text)}`);
  }
  return parts.join('&');
}

function encodeQueryPart(text: string): string {
  return encodeURIComponent(text).replace(/%2C/gi, ',');
}
