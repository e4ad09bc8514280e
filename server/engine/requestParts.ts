import type { FastifyRequest } from 'fastify';
import { appError } from '../errors.js';

export interface RouteParts {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Fastify's form: {id} -> :id */
  url: string;
  hasId: boolean;
}

/** 'METHOD /path/{id}' (model files) -> Fastify method and URL. */
export function splitRoute(route: string): RouteParts {
  const [method, path] = route.split(' ') as [RouteParts['method'], string];
  return { method, url: path.replace('{id}', ':id'), hasId: path.includes('{id}') };
}

export const MAX_BATCH_IDS = 1000;
const MAX_ID_LENGTH = 64;

/** Only the parameters an operation understands; the rest is refused by name (never ignored). */
export function assertQueryNames(request: FastifyRequest, allowed: readonly string[]): void {
  for (const name of Object.keys((request.query as Record<string, unknown>) ?? {})) {
    if (!allowed.includes(name)) throw appError('CL_ERR_QUERY_PARAM_UNKNOWN', { name: name.slice(0, 60) });
  }
}

function checkedId(value: unknown): string {
  // integer keys (tenants) come back as the JSON numbers the client was given
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return String(value);
  if (typeof value !== 'string' || value === '' || value.length > MAX_ID_LENGTH) throw appError('CL_ERR_BAD_REQUEST', { detail: 'id' });
  return value;
}

/**
 * The record id: from the path when the route has {id}, else from the JSON body (edit, editState)
 * or the query (queryById, delete). An id in the body must agree with the one in the path.
 */
export function idOf(request: FastifyRequest): string {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
  const query = (request.query ?? {}) as Record<string, unknown>;
  if (params.id !== undefined) {
    if (body.id !== undefined && body.id !== params.id) throw appError('CL_ERR_BAD_REQUEST', { detail: 'id' });
    return checkedId(params.id);
  }
  return checkedId(body.id ?? query.id);
}

/** Batch ids: `ids=a,b` (jeecg query) or `{ids: [...]}` / `{ids: "a,b"}` (body). */
export function idsOf(request: FastifyRequest): string[] {
  const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
  const raw = body.ids ?? (request.query as Record<string, unknown> | undefined)?.ids;
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [];
  const ids = list.map((v) => (typeof v === 'string' ? v.trim() : v)).filter((v) => v !== '');
  if (ids.length === 0 || ids.length > MAX_BATCH_IDS) throw appError('CL_ERR_QUERY_INVALID', { detail: `ids: 1 to ${MAX_BATCH_IDS} ids` });
  return ids.map(checkedId);
}

/** The JSON object a write sends (Fastify has parsed it; prototype keys are refused by its parser). */
export function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw appError('CL_ERR_BAD_REQUEST', { detail: 'body must be a JSON object' });
  return body as Record<string, unknown>;
}
