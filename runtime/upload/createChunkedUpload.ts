/** spec 000 §9: chunk size and retries per chunk */
export const CHUNK_BYTES = 5_242_880;
export const MAX_CHUNK_RETRIES = 5;
/**
 * Chunks in flight at once (the spec is silent; vue-simple-uploader, which the JNPF uploader wraps, keeps 3):
 * while one chunk is on the wire the server writes and hashes another, so neither side waits for the other.
 */
export const CHUNK_CONCURRENCY = 3;

/** spec 000 §4: the chunked uploader's file states */
export type ChunkUploadState = 'waiting' | 'check' | 'uploading' | 'paused' | 'error' | 'success' | 'removed';

export interface ChunkUploadPlan {
  identifier: string;
  fileName: string;
  totalSize: number;
  totalChunks: number;
  chunkSize: number;
}

export interface MergedFile {
  name: string;
  url: string;
  fileId: string;
  fileVersionId: string;
  fileSize: number;
}

/** How the uploader talks to the server (api-contract.md); the widget passes one over the runtime's HttpClient. */
export interface ChunkTransport {
  check(plan: ChunkUploadPlan, signal: AbortSignal): Promise<{ chunkNumbers: number[]; merge: boolean; uploaded?: boolean }>;
  send(plan: ChunkUploadPlan, chunkNumber: number, chunk: Blob, signal: AbortSignal): Promise<void>;
  merge(plan: ChunkUploadPlan, signal: AbortSignal): Promise<MergedFile>;
}

export interface ChunkUploadSnapshot {
  state: ChunkUploadState;
  /** 0-100; stays at 99 at most until the merge succeeded */
  progress: number;
  result?: MergedFile;
  error?: string;
}

export interface ChunkedUpload {
  snapshot(): ChunkUploadSnapshot;
  subscribe(listener: (snapshot: ChunkUploadSnapshot) => void): () => void;
  start(): Promise<void>;
  pause(): void;
  resume(): Promise<void>;
  retry(): Promise<void>;
  remove(): void;
}

export interface ChunkedUploadOptions {
  transport: ChunkTransport;
  hash: (file: Blob) => Promise<string>;
  chunkSize?: number;
  maxRetries?: number;
  /** chunks sent at once, default CHUNK_CONCURRENCY */
  concurrency?: number;
}

class Stopped extends Error {}

/**
 * One file's chunked upload: hash (check), ask the server which chunks it has, send the others in
 * ascending order, `concurrency` at a time (each retried up to 5 times), merge. A chunk that fails for
 * good stops the others (the upload is in error once none is in flight). Pausing aborts the chunks in
 * flight; resuming asks the server again, so an upload also resumes after a page reload or a server
 * restart: the chunks on disk count.
 */
export function createChunkedUpload(file: Blob & { name: string }, options: ChunkedUploadOptions): ChunkedUpload {
  const chunkSize = options.chunkSize ?? CHUNK_BYTES;
  const maxRetries = options.maxRetries ?? MAX_CHUNK_RETRIES;
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? CHUNK_CONCURRENCY));
  const listeners = new Set<(snapshot: ChunkUploadSnapshot) => void>();
  let snapshot: ChunkUploadSnapshot = { state: 'waiting', progress: 0 };
  let plan: ChunkUploadPlan | undefined;
  let controller: AbortController | undefined;
  let running: Promise<void> | undefined;

  const set = (next: Partial<ChunkUploadSnapshot>) => {
    snapshot = { ...snapshot, ...next };
    for (const listener of listeners) listener(snapshot);
  };
  const progressOf = (doneBytes: number) => Math.min(99, Math.floor((doneBytes / Math.max(1, file.size)) * 100));
  const bytesOf = (numbers: Iterable<number>) => {
    let bytes = 0;
    for (const n of numbers) bytes += Math.min(chunkSize, file.size - (n - 1) * chunkSize);
    return bytes;
  };

  /** Sends the chunks not in `done`, `concurrency` at a time; settles only once none is in flight. */
  async function sendMissing(current: ChunkUploadPlan, done: Set<number>, signal: AbortSignal): Promise<void> {
    const missing: number[] = [];
    for (let n = 1; n <= current.totalChunks; n++) if (!done.has(n)) missing.push(n);
    // aborted by a pause (signal) or by a sibling's final failure
    const stop = new AbortController();
    const onAbort = () => stop.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    let failure: { error: unknown } | undefined;
    let next = 0;
    const sender = async () => {
      while (next < missing.length && !stop.signal.aborted) {
        const n = missing[next++]!;
        const chunk = file.slice((n - 1) * chunkSize, Math.min(file.size, n * chunkSize));
        for (let attempt = 0; ; attempt++) {
          if (stop.signal.aborted) return;
          try {
            await options.transport.send(current, n, chunk, stop.signal);
            break;
          } catch (error) {
            if (stop.signal.aborted) return;
            if (attempt >= maxRetries) {
              failure ??= { error };
              stop.abort();
              return;
            }
          }
        }
        done.add(n);
        set({ progress: progressOf(bytesOf(done)) });
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(concurrency, missing.length) }, sender));
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
    if (signal.aborted) throw new Stopped();
    if (failure) throw failure.error;
  }

  async function run(signal: AbortSignal): Promise<void> {
    if (!plan) {
      set({ state: 'check' });
      const identifier = await options.hash(file);
      if (signal.aborted) throw new Stopped();
      plan = { identifier, fileName: file.name, totalSize: file.size, totalChunks: Math.max(1, Math.ceil(file.size / chunkSize)), chunkSize };
    }
    const status = await options.transport.check(plan, signal);
    const done = new Set(status.uploaded ? [] : status.chunkNumbers);
    if (!status.uploaded) {
      set({ state: 'uploading', progress: progressOf(bytesOf(done)) });
      await sendMissing(plan, done, signal);
    }
    const result = await options.transport.merge(plan, signal);
    set({ state: 'success', progress: 100, result, error: undefined });
  }

  const go = () => {
    controller = new AbortController();
    const signal = controller.signal;
    running = run(signal).catch((error: unknown) => {
      if (error instanceof Stopped || signal.aborted) return;
      set({ state: 'error', error: error instanceof Error ? error.message : String(error) });
    });
    return running;
  };

  return {
    snapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start: () => (snapshot.state === 'waiting' ? go() : (running ?? Promise.resolve())),
    pause() {
      if (snapshot.state !== 'check' && snapshot.state !== 'uploading') return;
      controller?.abort();
      set({ state: 'paused' });
    },
    resume: () => (snapshot.state === 'paused' ? go() : Promise.resolve()),
    retry: () => (snapshot.state === 'error' ? go() : Promise.resolve()),
    remove() {
      if (snapshot.state === 'success') return;
      controller?.abort();
      set({ state: 'removed' });
    },
  };
}
