import type { ApiFamily } from '../model/familyOf';

/**
 * What went wrong, as the caller needs to react to it:
 * - auth        the session is gone (HTTP 401, HTTP 500 "Token失效", api codes 600/601/602)
 * - permission  no button/route permission (jeecg HTTP 200 code 510, or CL_ERR_NO_PERMISSION)
 * - forbidden   HTTP 403 (other tenant, password change pending, …)
 * - validation  field rules failed: see fieldErrors (jeecg success:false with result.errors, api code 401)
 * - business    the server refused on purpose (stale version, wrong password, …): show message
 * - badRequest  HTTP 4xx for malformed or refused input (a bug in the caller or the model)
 * - notFound    HTTP 404
 * - network     no answer at all (status 0)
 * - timeout     the client's timeout or HTTP 504
 * - server      HTTP 5xx
 * - contract    the answer is not the declared shape, or the caller asked for something the model does not offer
 */
export type ApiErrorKind =
  | 'auth'
  | 'permission'
  | 'forbidden'
  | 'validation'
  | 'business'
  | 'badRequest'
  | 'notFound'
  | 'network'
  | 'timeout'
  | 'server'
  | 'contract';

export interface FieldError {
  field: string;
  message: string;
}

export interface ApiErrorInit {
  kind: ApiErrorKind;
  message: string;
  /** HTTP status; 0 when no response arrived */
  status: number;
  /** the envelope's code; the HTTP status when there was no envelope */
  code: number;
  url: string;
  method: string;
  dialect: ApiFamily;
  errorCode?: string;
  fieldErrors?: FieldError[];
  requestId?: string;
}

/**
 * Every failure of runtime/data rejects with one of these. `message` is the text for the user
 * (the server's, already in the request language, or the client catalogue's), except for kind
 * 'contract' where it is the developer explanation (show describeError() to users instead).
 * `notified` tells whether the HTTP client already showed it (spec 000 §8): callers show an error
 * only when it is false — typically validation and business failures.
 *
 * @example
 * try {
 *   await provider.update(id, values);
 * } catch (e) {
 *   if (isApiError(e) && e.kind === 'validation') form.setFieldErrors(e.fieldErrors);
 *   else if (isApiError(e) && !e.notified) message.error(e.message);
 * }
 */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number;
  readonly code: number;
  /** CL_ERR_* of the server (server/errors.ts) or, when the server sent none, of runtime/data/errors.ts */
  readonly errorCode: string | undefined;
  readonly fieldErrors: FieldError[] | undefined;
  readonly requestId: string | undefined;
  readonly url: string;
  readonly method: string;
  readonly dialect: ApiFamily;
  /** set by the HTTP client once the error catalogue has shown the error to the user */
  notified = false;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.errorCode = init.errorCode;
    this.fieldErrors = init.fieldErrors;
    this.requestId = init.requestId;
    this.url = init.url;
    this.method = init.method;
    this.dialect = init.dialect;
  }
}

/**
 * @example
 * if (isApiError(e) && e.errorCode === 'CL_ERR_RECORD_STALE') reload();
 */
export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}
