import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { ReadOnlyRunError, type ReadOnlyRunner } from '../../readOnlyRunner.js';

type Reply =
  { id: number; rows: Record<string, unknown>[]; truncated: boolean } | { id: number; error: { reason: 'timeout' | 'write' | 'failed'; message: string } };

interface Pending {
  worker: Worker;
  resolve: (reply: Reply) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * SQLite's read-only runner: a worker thread with a read-only, query_only connection (readOnlyWorker.js).
 * A statement still running at its timeout is answered as timed out and its thread is ended; the next
 * statement starts a new one. Statements run one after another on the thread.
 */
export function createSqliteReadOnlyRunner(file: string): ReadOnlyRunner {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  /** fails the statements waiting on `on` (every one when not given) */
  function failAll(error: Error, on?: Worker): void {
    for (const [id, p] of pending) {
      if (on && p.worker !== on) continue;
      clearTimeout(p.timer);
      pending.delete(id);
      p.reject(error);
    }
  }

  function start(): Worker {
    const w = new Worker(new URL('./readOnlyWorker.js', import.meta.url), { workerData: { file } });
    w.on('message', (reply: Reply) => {
      const p = pending.get(reply.id);
      if (!p) return;
      pending.delete(reply.id);
      clearTimeout(p.timer);
      p.resolve(reply);
    });
    w.on('error', (error) => {
      if (worker === w) worker = null;
      failAll(new ReadOnlyRunError('failed', error.message), w);
    });
    w.on('exit', () => {
      if (worker === w) worker = null;
      failAll(new ReadOnlyRunError('failed', 'the read-only worker stopped'), w);
    });
    w.unref();
    return w;
  }

  return {
    // not materialized: each reference reads the table in the join's own loop, where the row check runs
    shadow: { as: 'as not materialized', rowCheck: 'cloudlab_deadline' },
    schema: async () => 'main',
    async tableNames() {
      const db = new Database(file, { readonly: true, fileMustExist: true });
      try {
        const rows = db.prepare(`select lower(name) as name from sqlite_master where type in ('table', 'view')`).all() as { name: string }[];
        return new Set(rows.map((r) => r.name));
      } finally {
        db.close();
      }
    },
    async run(query, limits) {
      const w = (worker ??= start());
      const id = nextId++;
      const reply = await new Promise<Reply>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          // the thread may be deep inside one step of SQLite: end it rather than wait for it
          if (worker === w) worker = null;
          void w.terminate();
          reject(new ReadOnlyRunError('timeout', 'statement timeout'));
        }, limits.timeoutMs);
        pending.set(id, { worker: w, resolve, reject, timer });
        w.postMessage({ id, sql: query.sql, parameters: query.parameters, maxRows: limits.maxRows, deadline: Date.now() + limits.timeoutMs });
      });
      if ('error' in reply) throw new ReadOnlyRunError(reply.error.reason, reply.error.message);
      return { rows: reply.rows, truncated: reply.truncated };
    },
    async close() {
      const w = worker;
      worker = null;
      failAll(new ReadOnlyRunError('failed', 'closed'));
      if (w) await w.terminate();
    },
  };
}
