import type { DecodedEnvelope } from '../Dialect';
import { isObject, optionalString, readFieldErrors, toCode } from '../envelopeFields';

/** What the /api family answers (server/envelopes/toApiEnvelope.ts, JNPF conventions). */
export interface ApiEnvelope {
  code: number | string;
  msg?: string;
  data?: unknown;
  error?: string;
  requestId?: string;
}

export const API_ENVELOPE_SHAPE = '{code: number, msg: string, data: any}';

/** 600 login expired, 601 signed out elsewhere / forced offline, 602 token invalid. */
const SESSION_ENDED_CODES = new Set([600, 601, 602]);
/** JNPF's "validation failure" body code. */
const VALIDATION_CODE = 401;

export function isApiEnvelope(body: unknown): body is ApiEnvelope {
  return isObject(body) && toCode(body.code) !== undefined && ('msg' in body || 'data' in body);
}

/** The import answer whose rows were refused (nothing imported, a report to download): data, not a failure. */
const IMPORT_REJECTED_CODE = 201;

/**
 * Reads an /api envelope: success when code is 200 (some servers send the string '200'); 201, the
 * import-with-rejections answer, keeps its code and payload as jeecg's does.
 *
 * @example
 * fromApiEnvelope({ code: '200', msg: 'Success', data: { list: [] } });
 * // { ok: true, response: { code: 200, message: 'Success', data: { list: [] } } }
 */
export function fromApiEnvelope(body: ApiEnvelope): DecodedEnvelope {
  const code = toCode(body.code) ?? 500;
  const message = typeof body.msg === 'string' ? body.msg : '';
  if (code === 200 || code === IMPORT_REJECTED_CODE) return { ok: true, response: { code, message, data: body.data } };
  const fieldErrors = readFieldErrors(body.data);
  return {
    ok: false,
    failure: {
      kind: SESSION_ENDED_CODES.has(code) ? 'auth' : code === VALIDATION_CODE || fieldErrors ? 'validation' : 'business',
      code,
      message,
      errorCode: optionalString(body.error),
      requestId: optionalString(body.requestId),
      fieldErrors,
    },
  };
}
