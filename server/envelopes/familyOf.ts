export type ApiFamily = 'jeecg' | 'api';

/**
 * Which envelope a URL answers in. This is the routing table of architecture.md ("two API dialects"):
 * /api/* speaks {code,msg,data}; every other family (/sys, /system, /admin, /online, /app) speaks
 * {success,message,code,result,timestamp}. Decided by the path, never by looking at a payload.
 */
export function familyOf(url: string): ApiFamily {
  return url.startsWith('/api/') || url === '/api' ? 'api' : 'jeecg';
}
