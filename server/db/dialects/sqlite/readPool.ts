import { Worker } from 'node:worker_threads';
import type { CompiledRead, SlowReads } from '../../slowReads.js';

type Reply = { id: number; rows: unknown[] } | { id: number; error: { code: string; message: string } };

/**
 * One worker thread holding a read-only connection to the database file (WAL lets it read while the
 * main connection writes). Reads queue in the worker; a crashed worker fails its pending reads and is
 * started again on the next one.
 */
export function createSqliteReadPool(file: string): SlowReads {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, { resolve: (rows: unknown[]) => void; reject: (error: Error) => void }>();

  function failAll(error: Error): void {
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  }

  function start(): Worker {
    const w = new Worker(new URL('./readWorker.js', import.meta.url), { workerData: { file } });
    w.on('message', (reply: Reply) => {
      const p = pending.get(reply.id);
      if (!p) return;
      pending.delete(reply.id);
      if ('error' in reply) p.reject(Object.assign(new Error(reply.error.message), { code: reply.error.code }));
      else p.resolve(reply.rows);
    });
    w.on('error', (error) => {
      worker = null;
      failAll(error);
    });
    w.on('exit', () => {
      if (worker === w) worker = null;
      failAll(new Error('SQLite read worker exited'));
    });
    // an idle worker must not keep the process alive (tests, graceful shutdown)
    w.unref();
    return w;
  }

  return {
    all<Row>(query: CompiledRead): Promise<Row[]> {
      worker ??= start();
      const id = nextId++;
      return new Promise<Row[]>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (rows: unknown[]) => void, reject });
        worker!.postMessage({ id, sql: query.sql, parameters: query.parameters });
      });
    },
    async close() {
      const w = worker;
      worker = null;
      if (w) await w.terminate();
    },
  };
}
