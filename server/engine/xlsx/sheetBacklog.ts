import type { EventEmitter } from 'node:events';
import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';

/** The writable side of a stream as its state says (readable-stream 2, which archiver uses, has no writableLength). */
interface WritableQueue {
  writableLength?: number;
  writableNeedDrain?: boolean;
  _writableState?: { length: number; needDrain: boolean };
  once?: unknown;
}

export interface SheetEntryInput {
  /** uncompressed sheet XML written and not yet taken by the compressor */
  queuedBytes(): number;
  /** the queue is over its high-water mark (its writer should wait for 'drain') */
  needsDrain(): boolean;
  /** emits 'drain' when the queue has emptied, 'error' if the zip entry fails */
  events: EventEmitter;
}

/**
 * Where a streamed worksheet's XML waits for the compressor. ExcelJS's worksheet stream (StreamBuf) hands
 * each 64 KB block to the zip entry's input stream (archiver's PassThrough) without looking at what
 * write() answers, so that backpressure never reaches the code adding rows: when rows come faster than
 * the compressor takes them (it deflates on the thread pool and moves a block each time the event loop
 * turns), the uncompressed XML queues there. Answers that input stream once the sheet has begun writing,
 * or null if ExcelJS no longer exposes it (tests/server/sheetBacklog.test.ts checks that it does).
 */
export function sheetEntryInput(sheet: ExcelJS.Worksheet): SheetEntryInput | null {
  const stream = (sheet as unknown as { stream?: { pipes?: unknown[] } }).stream;
  const input = stream?.pipes?.[0] as WritableQueue | undefined;
  if (!input || typeof input.once !== 'function') return null;
  const state = () => ({
    length: input.writableLength ?? input._writableState?.length ?? 0,
    needDrain: input.writableNeedDrain ?? input._writableState?.needDrain ?? false,
  });
  return { queuedBytes: () => state().length, needsDrain: () => state().needDrain, events: input as unknown as EventEmitter };
}

/** Settles at the first of these events, leaving no listener behind (one wait per batch); an 'error' rejects. */
function firstEvent(waits: [EventEmitter, string][]): Promise<void> {
  return new Promise((resolve, reject) => {
    const listeners = waits.map(([emitter, event]) => {
      const listener = (error?: unknown) => {
        for (const [e, name, l] of listeners) e.removeListener(name, l);
        if (event === 'error') reject(error as Error);
        else resolve();
      };
      emitter.once(event, listener);
      return [emitter, event, listener] as const;
    });
  });
}

/**
 * Called between batches of committed rows: waits until the compressor has taken the sheet XML written
 * so far (the wait ExcelJS leaves out; measured without it: ~45 MB of uncompressed XML queued during the
 * 100k-row bench export, the whole sheet during a 1M-row one) and until `out` has drained (a slow
 * client). Resolves at once when `out` closes (client gone).
 */
export async function paceSheet(sheet: ExcelJS.Worksheet, out: Writable): Promise<void> {
  const entry = sheetEntryInput(sheet);
  if (out.destroyed) return;
  if (entry?.needsDrain())
    await firstEvent([
      [entry.events, 'drain'],
      [entry.events, 'error'],
      [out, 'close'],
    ]);
  if (out.writableNeedDrain && !out.destroyed)
    await firstEvent([
      [out, 'drain'],
      [out, 'close'],
    ]);
}
