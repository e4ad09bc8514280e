import type { DecodedEnvelope } from '../Dialect';
import { isObject, optionalString, readFieldErrors, toCode } from '../envelopeFields';

/** What the /sys, /system, /admin, /online and /app families answer (server/envelopes/toJeecgEnvelope.ts). */
export interface JeecgEnvelope {
  success: boolean;
  message?: string;
  code?: number | string;
  result?: unknown;
  timestamp?: number;
  error?: string;
  requestId?: string;
}

export const JEECG_ENVELOPE_SHAPE = '{success: boolean, message: string, code: number, result: any, timestamp: number}';

/** No button permission: HTTP 200 with this code; the client warns and keeps the session. */
const NO_PERMISSION_CODE = 510;

export function isJeecgEnvelope(body: unknown): body is JeecgEnvelope {
  return isObject(body) && typeof body.success === 'boolean';
}

/**
 * Reads a Jeecg envelope. Success is `success === true` whatever the code says, because older
 * servers answer code 0; such a code is normalised to 200 (201, the import-with-rejections answer,
 * is kept).
 *
 * @example
 * fromJeecgEnvelope({ success: true, code: 0, message: '', result: { id: '1' } });
 * // { ok: true, response: { code: 200, message: '', data: { id: '1' } } }
 */
export function fromJeecgEnvelope(body: JeecgEnvelope): DecodedEnvelope {
  const code = toCode(body.code);
  const message = typeof body.message === 'string' ? body.message : '';
  if (body.success) return { ok: true, response: { code: code || 200, message, data: body.result } };
  const fieldErrors = readFieldErrors(body.result);
  const failureCode = code ?? 500;
  return {
    ok: false,
    failure: {
      kind: failureCode === NO_PERMISSION_CODE ? 'permission' : fieldErrors ? 'validation' : 'business',
      code: failureCode,
      message,
      errorCode: optionalString(body.error),
      requestId: optionalString(body.requestId),
      fieldErrors,
    },
  };
}
