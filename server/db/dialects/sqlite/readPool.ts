import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { CompiledRead, SlowReads } from '../../slowReads.js';

type Reply = { id: number; rows: unknown[] } | { id: number; error: { code: string; message: string } };
type Pending = { resolve: (rows: unknown[]) => void; reject: (error: Error) => void };

/** A worker thread with its read-only connection, and the reads it has been given. */
interface Slot {
  worker: Worker | null;
  pending: Map<number, Pending>;
}

/**
 * Worker threads each holding a read-only connection to the database file (WAL lets them read while
 * the main connection writes). Two by default on any machine: with one, every scan queued behind the
 * one before it, so a single long read (an export's batch, a big count) held up every other request
 * that needed a slow read, and heavy reads used one core of two (at 1M rows, a sparse keyword's page
 * 1 served 34 req/s with the main thread idle). More than the cores would only contend for them.
 * A read goes to an idle worker, else to the one with the fewest waiting; workers start on demand.
 * A crashed worker fails its pending reads and is started again on its next one.
 */
export function createSqliteReadPool(file: string, size = defaultPoolSize()): SlowReads {
  const slots: Slot[] = Array.from({ length: Math.max(1, size) }, () => ({ worker: null, pending: new Map() }));
  let nextId = 1;

  function failAll(slot: Slot, error: Error): void {
    for (const p of slot.pending.values()) p.reject(error);
    slot.pending.clear();
  }

  function start(slot: Slot): Worker {
    const w = new Worker(new URL('./readWorker.js', import.meta.url), { workerData: { file } });
    w.on('message', (reply: Reply) => {
      const p = slot.pending.get(reply.id);
      if (!p) return;
      slot.pending.delete(reply.id);
      if ('error' in reply) p.reject(Object.assign(new Error(reply.error.message), { code: reply.error.code }));
      else p.resolve(reply.rows);
    });
    w.on('error', (error) => {
      if (slot.worker === w) slot.worker = null;
      failAll(slot, error);
    });
    w.on('exit', () => {
      if (slot.worker === w) slot.worker = null;
      failAll(slot, new Error('SQLite read worker exited'));
    });
    // an idle worker must not keep the process alive (tests, graceful shutdown)
    w.unref();
    return w;
  }

  /** An idle running worker, else one not started yet, else the running one with the fewest reads waiting. */
  function pick(): Slot {
    const running = slots.filter((s) => s.worker !== null);
    return (
      running.find((s) => s.pending.size === 0) ??
      slots.find((s) => s.worker === null) ??
      running.reduce((least, s) => (s.pending.size < least.pending.size ? s : least))
    );
  }

  return {
    all<Row>(query: CompiledRead): Promise<Row[]> {
      const slot = pick();
      const worker = (slot.worker ??= start(slot));
      const id = nextId++;
      return new Promise<Row[]>((resolve, reject) => {
        slot.pending.set(id, { resolve: resolve as (rows: unknown[]) => void, reject });
        worker.postMessage({ id, sql: query.sql, parameters: query.parameters });
      });
    },
    async close() {
      const workers = slots.map((s) => s.worker).filter((w): w is Worker => w !== null);
      for (const slot of slots) slot.worker = null;
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

function defaultPoolSize(): number {
  return Math.min(4, Math.max(2, os.availableParallelism()));
}
