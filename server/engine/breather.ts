/** How long a loop may keep the event loop before it gives way (bench:userImport: see the commit that added it). */
export const BREATH_EVERY_MS = 10;

/**
 * A pause for long loops on the request thread. An import of 10,000 rows validates, prepares and inserts
 * row after row with only promise continuations in between (a synchronous database driver answers at
 * once, and a resolved promise never lets I/O in), so /healthz waited up to a second for one import.
 * `await breathe()` once per row returns at once until `everyMs` have passed since the last pause, then
 * waits one turn of the event loop (setImmediate runs after the pending I/O), so waiting requests are
 * answered in between.
 *
 * Inside a transaction the import stays all-or-nothing: no other request's statement runs inside it. A
 * pooled database gives the transaction a connection of its own; the embedded one has a single writable
 * connection, which its driver keeps locked from BEGIN to COMMIT, so another request's statement waits
 * for the commit (server/db/dialects/<name>/connection.ts says which); reads on separate read-only
 * connections see only committed rows.
 */
export function breather(everyMs = BREATH_EVERY_MS): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < everyMs) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    since = performance.now();
  };
}
