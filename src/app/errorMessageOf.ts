/**
 * The text to show for a failed call: an ApiError's message is the server's (or the catalogue's) text.
 * Anything else (a chunk that failed to load, a bug) has a developer message: the caller shows its own.
 */
export function errorMessageOf(error: unknown): string | null {
  const isApiErrorLike = error instanceof Error && typeof (error as { kind?: unknown }).kind === 'string';
  return isApiErrorLike && error.message ? error.message : null;
}
