import type { DialectRequest, HttpMethod, QueryParams } from './Dialect';

/** `{id}` in a route path, replaced by the encoded id; `filled` says whether the path had one. */
export function fillId(path: string, id: string | undefined): { url: string; filled: boolean } {
  if (!path.includes('{id}')) return { url: path, filled: false };
  return { url: path.split('{id}').join(encodeURIComponent(id ?? '')), filled: true };
}

/**
 * A payload goes in the body, except when an override moved the operation to GET or DELETE, which
 * carry no body: then it travels as query parameters.
 */
export function withPayload(method: HttpMethod, url: string, payload: Record<string, unknown> | undefined): DialectRequest {
  if (payload === undefined) return { method, url };
  if (method === 'GET' || method === 'DELETE') return { method, url, params: toQueryParams(payload) };
  return { method, url, data: payload };
}

function toQueryParams(payload: Record<string, unknown>): QueryParams {
  const params: QueryParams = {};
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue;
    params[key] = typeof value === 'number' ? value : Array.isArray(value) ? value.join(',') : String(value);
  }
  return params;
}
