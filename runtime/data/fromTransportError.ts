import { AxiosError, isCancel } from 'axios';
import { ApiError } from './ApiError';
import type { RequestContext } from './assertEnvelope';
import { clientErrorTextKey } from './errors';

/**
 * A request that got no HTTP answer: the caller's abort (rejected with the signal's reason, as
 * fetch does, and never shown), the client's timeout, or a network failure. Anything else is a bug
 * and is rethrown unchanged.
 */
export function fromTransportError(error: unknown, ctx: RequestContext, signal: AbortSignal | undefined, t: (key: string) => string): unknown {
  if (isCancel(error) || signal?.aborted) {
    return signal?.reason ?? new DOMException('The request was aborted.', 'AbortError');
  }
  if (!(error instanceof AxiosError)) return error;
  const timedOut = error.code === AxiosError.ECONNABORTED || error.code === AxiosError.ETIMEDOUT;
  const errorCode = timedOut ? 'CL_ERR_TIMEOUT' : 'CL_ERR_NETWORK';
  return new ApiError({
    kind: timedOut ? 'timeout' : 'network',
    message: t(clientErrorTextKey(errorCode)),
    status: 0,
    code: 0,
    ...ctx,
    errorCode,
  });
}
