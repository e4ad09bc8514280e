// @ts-check
// A read-only SQLite connection on its own thread, for the reads that scan (list totals, pages of a
// selective filter): better-sqlite3 is synchronous, and a scan run on the main thread would stall
// every other request. Plain JavaScript because Node loads worker files itself, outside the
// TypeScript loaders of tsx and Vitest; the protocol is typed in readPool.ts.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
/** @type {Map<string, import('better-sqlite3').Statement>} */
const statements = new Map();

parentPort?.on('message', (/** @type {{id: number, sql: string, parameters: unknown[]}} */ message) => {
  try {
    let statement = statements.get(message.sql);
    if (!statement) {
      statement = db.prepare(message.sql);
      if (statements.size >= 200) statements.delete(/** @type {string} */ (statements.keys().next().value));
      statements.set(message.sql, statement);
    }
    parentPort?.postMessage({ id: message.id, rows: statement.all(message.parameters) });
  } catch (error) {
    const e = /** @type {{code?: string, message?: string}} */ (error);
    parentPort?.postMessage({ id: message.id, error: { code: e.code ?? 'SQLITE_ERROR', message: e.message ?? String(error) } });
  }
});
