/**
 * Whether a rejection is the caller's own abort (the request's AbortSignal fired): not a failure,
 * nothing to show. Requests and model loads reject with the signal's reason, an 'AbortError'
 * DOMException unless the caller aborted with a reason of its own.
 *
 * @example
 * try { setPage(await provider.list({ ...params, signal })); }
 * catch (e) { if (!isAbortError(e)) setError(e); }
 */
export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}
