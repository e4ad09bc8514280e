import { ApiError, type ApiErrorKind } from './ApiError';
import type { RequestContext } from './assertEnvelope';
import type { Dialect, EnvelopeFailure } from './dialects/Dialect';
import { clientErrorTextKey, type ClientErrorCode } from './errors';
import type { NormalizedResponse } from './HttpClient';
import { pickDialect } from './pickDialect';
import { isBlob } from './readBody';

/**
 * Older servers answer an expired token with HTTP 500 and this text in the message (spec 000 §8).
 * It is protocol, not a UI string: it is matched, never shown by the client.
 */
export const TOKEN_INVALID_TEXT = 'Token失效';

export interface RawResponse {
  status: number;
  body: unknown;
  requestId?: string;
}

type Translate = (key: string) => string;

/**
 * One HTTP answer as a NormalizedResponse, or the ApiError it stands for. The URL's family decides
 * the envelope; the HTTP status decides the kind of a transport failure, the envelope's code the
 * kind of a failure the server reports with HTTP 2xx.
 */
export function decodeResponse(response: RawResponse, ctx: RequestContext, t: Translate): NormalizedResponse {
  const dialect = pickDialect(ctx.dialect);
  const { status, body } = response;
  if (status >= 200 && status < 300) {
    if (isBlob(body)) return { code: status, message: '', data: body };
    const decoded = dialect.decodeEnvelope(body, ctx);
    if (decoded.ok) return decoded.response;
    throw toApiError(decoded.failure, decoded.failure.kind, undefined);
  }
  const failure = failureOf(dialect, body, ctx);
  throw toApiError(failure, kindOfStatus(status, failure), clientCodeOfStatus(status));

  // clientCode: the catalogue entry of a transport failure (none for failures the envelope reports
  // with HTTP 2xx); the server's CL_ERR_* wins whenever the body carries one
  function toApiError(failure: EnvelopeFailure | undefined, kind: ApiErrorKind, clientCode: ClientErrorCode | undefined): ApiError {
    return new ApiError({
      kind,
      message: failure?.message || t(clientErrorTextKey(clientCode ?? 'CL_ERR_HTTP_STATUS')),
      status,
      code: failure?.code ?? status,
      ...ctx,
      errorCode: failure?.errorCode ?? clientCode,
      fieldErrors: failure?.fieldErrors,
      requestId: failure?.requestId ?? response.requestId,
    });
  }
}

/** What an error status's body says, when the body is an envelope at all (a 502 page is not). */
function failureOf(dialect: Dialect, body: unknown, ctx: RequestContext): EnvelopeFailure | undefined {
  if (!dialect.isEnvelope(body)) return undefined;
  const decoded = dialect.decodeEnvelope(body, ctx);
  return decoded.ok ? { kind: 'business', code: decoded.response.code, message: decoded.response.message } : decoded.failure;
}

function kindOfStatus(status: number, failure: EnvelopeFailure | undefined): ApiErrorKind {
  if (status === 401) return 'auth';
  if (status === 403) return failure?.errorCode === 'CL_ERR_NO_PERMISSION' ? 'permission' : 'forbidden';
  if (status === 404) return 'notFound';
  if (status === 504) return 'timeout';
  if (status === 500 && failure?.message.includes(TOKEN_INVALID_TEXT)) return 'auth';
  if (status >= 400 && status < 500) return 'badRequest';
  return 'server';
}

function clientCodeOfStatus(status: number): ClientErrorCode {
  switch (status) {
    case 401:
      return 'CL_ERR_HTTP_UNAUTHORIZED';
    case 403:
      return 'CL_ERR_HTTP_FORBIDDEN';
    case 404:
      return 'CL_ERR_HTTP_NOT_FOUND';
    case 504:
      return 'CL_ERR_TIMEOUT';
    default:
      return 'CL_ERR_HTTP_STATUS';
  }
}
