export type ApiFamily = 'jeecg' | 'api';

/**
 * Which envelope a URL answers in: /api/… speaks {code,msg,data}, everything else (/sys, /system,
 * /admin, /online, /app) speaks {success,message,code,result,timestamp}. Decided by the path, never by
 * the payload (architecture.md, "the two API dialects"). The server picks its reply envelope with it
 * and the client decodes with it. An absolute URL or a query string is reduced to its path first.
 *
 * @example
 * familyOf('/api/permission/Position'); // 'api'
 * familyOf('/sys/dict/loadDict/sex?keyword=男'); // 'jeecg'
 */
export function familyOf(url: string): ApiFamily {
  const path = pathOf(url);
  return path.startsWith('/api/') || path === '/api' ? 'api' : 'jeecg';
}

/** The path of a relative or absolute URL, without query or fragment. */
export function pathOf(url: string): string {
  const withoutOrigin = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
  const end = withoutOrigin.search(/[?#]/);
  return end === -1 ? withoutOrigin : withoutOrigin.slice(0, end);
}
