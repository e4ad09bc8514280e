import { ApiError } from './ApiError';
import type { ClientErrorCode } from './errors';
import type { ApiFamily } from '../model/familyOf';

/** Which request produced a body: named in every contract error. */
export interface RequestContext {
  dialect: ApiFamily;
  method: string;
  url: string;
}

const PREVIEW_LENGTH = 200;

/** The first 200 characters of a body, whatever it is (a 502 HTML page, a Blob, an object). */
export function previewBody(body: unknown): string {
  if (body === undefined) return '(empty body)';
  if (typeof body === 'string') return body.slice(0, PREVIEW_LENGTH) || '(empty string)';
  if (typeof Blob !== 'undefined' && body instanceof Blob) return `(Blob ${body.type || 'without type'}, ${body.size} bytes)`;
  let text: string;
  try {
    text = JSON.stringify(body) ?? String(body);
  } catch {
    text = String(body);
  }
  return text.slice(0, PREVIEW_LENGTH);
}

/**
 * A contract error that teaches (react-admin validateResponseFormat): it names the dialect, the
 * request, the shape that was expected and what arrived instead.
 *
 * @example
 * throw contractError(ctx, 'result: {records: [], total: number}', body, 'CL_ERR_CONTRACT_PAYLOAD');
 */
export function contractError(ctx: RequestContext, expected: string, body: unknown, errorCode: ClientErrorCode = 'CL_ERR_CONTRACT_ENVELOPE', status = 200): ApiError {
  return new ApiError({
    kind: 'contract',
    message:
      `The ${ctx.dialect} dialect expects ${ctx.method} ${ctx.url} to answer ${expected}, ` +
      `but it answered: ${previewBody(body)}`,
    status,
    code: status,
    url: ctx.url,
    method: ctx.method,
    dialect: ctx.dialect,
    errorCode,
  });
}

/**
 * Throws a contract ApiError unless `body` has the expected shape.
 *
 * @example
 * assertEnvelope(body, isJeecgEnvelope, JEECG_ENVELOPE_SHAPE, ctx);
 */
export function assertEnvelope<T>(
  body: unknown,
  isShape: (value: unknown) => value is T,
  expected: string,
  ctx: RequestContext,
  errorCode: ClientErrorCode = 'CL_ERR_CONTRACT_ENVELOPE',
): asserts body is T {
  if (!isShape(body)) throw contractError(ctx, expected, body, errorCode);
}
