import type { Lang } from '../../runtime/model/types.js';
import { errorApiCode, errorText, type AppError, type ErrorKind } from '../errors.js';
import type { ApiFamily } from '../../runtime/model/familyOf.js';
import { toApiFailure } from './toApiEnvelope.js';
import { toJeecgFailure } from './toJeecgEnvelope.js';

interface KindRule {
  status: number;
  jeecg: number;
  api: number;
  /** the api family answers HTTP 403 where the jeecg contract says HTTP 200 + code 510 */
  apiStatus?: number;
}

const KIND_RULES: Record<ErrorKind, KindRule> = {
  auth: { status: 401, jeecg: 401, api: 602 },
  noPermission: { status: 200, jeecg: 510, api: 403, apiStatus: 403 },
  forbidden: { status: 403, jeecg: 403, api: 403 },
  validation: { status: 200, jeecg: 500, api: 401 },
  business: { status: 200, jeecg: 500, api: 400 },
  badRequest: { status: 400, jeecg: 400, api: 400 },
  notFound: { status: 404, jeecg: 404, api: 404 },
  tooMany: { status: 429, jeecg: 429, api: 429 },
  unavailable: { status: 503, jeecg: 503, api: 503 },
  internal: { status: 500, jeecg: 500, api: 500 },
};

export interface ErrorReply {
  status: number;
  body: unknown;
}

/** An AppError as the HTTP status and body of the family the request belongs to. */
export function toErrorReply(error: AppError, family: ApiFamily, lang: Lang, requestId: string): ErrorReply {
  const rule = KIND_RULES[error.kind];
  const message = errorText(error.code, lang, { ...error.params, requestId });
  const details = error.fieldErrors ? { errors: error.fieldErrors } : undefined;
  if (family === 'api') {
    return {
      status: rule.apiStatus ?? rule.status,
      body: toApiFailure(errorApiCode(error.code) ?? rule.api, message, { error: error.code, requestId, data: details }),
    };
  }
  return {
    status: rule.status,
    body: toJeecgFailure(rule.jeecg, message, { error: error.code, requestId, result: details }),
  };
}
