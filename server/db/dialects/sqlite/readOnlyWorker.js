// @ts-check
// The connection configured SQL runs on (data interfaces, SQL reports; server/safeSql): opened
// read-only and with query_only, on its own thread so the main thread can stop waiting after the
// statement timeout and end the thread (SQLite has no statement timeout of its own). Rows are read
// one at a time, so a statement is also stopped at the row cap and at the deadline between rows.
// Plain JavaScript for the reason readWorker.js gives.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('query_only = 1');
db.pragma('busy_timeout = 2000');

let deadline = 0;
// called by the wrapper with each row read of a shadowed table (server/safeSql/runSafeSelect.ts):
// SQLite has no statement timeout, so the statement checks its own clock while it reads
db.function('cloudlab_deadline', { deterministic: false, varargs: true }, () => {
  if (Date.now() > deadline) throw new Error('cloudlab statement timeout');
  return 1;
});

parentPort?.on('message', (/** @type {{id: number, sql: string, parameters: unknown[], maxRows: number, deadline: number}} */ message) => {
  deadline = message.deadline;
  try {
    const statement = db.prepare(message.sql);
    // better-sqlite3 asks SQLite whether the prepared statement writes: the last word on it
    if (!statement.readonly || !statement.reader) {
      parentPort?.postMessage({ id: message.id, error: { reason: 'write', message: 'the statement is not a read-only query' } });
      return;
    }
    /** @type {unknown[]} */
    const rows = [];
    let truncated = false;
    for (const row of statement.iterate(message.parameters)) {
      if (rows.length >= message.maxRows) {
        truncated = true;
        break;
      }
      rows.push(row);
      if (Date.now() > message.deadline) {
        parentPort?.postMessage({ id: message.id, error: { reason: 'timeout', message: 'statement timeout' } });
        return;
      }
    }
    parentPort?.postMessage({ id: message.id, rows, truncated });
  } catch (error) {
    const e = /** @type {{message?: string}} */ (error);
    const reason = String(e.message).includes('cloudlab statement timeout') ? 'timeout' : 'failed';
    parentPort?.postMessage({ id: message.id, error: { reason, message: e.message ?? String(error) } });
  }
});
