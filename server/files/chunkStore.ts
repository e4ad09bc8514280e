import { createHash, randomUUID, type Hash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** spec 000 §9: the chunk size the uploader sends */
export const CHUNK_SIZE = 5_242_880;
/** the largest file the chunked uploader accepts (a limit on what is received, not on what is declared) */
export const MAX_CHUNKED_FILE_BYTES = 4 * 1024 ** 3;
/** chunks untouched this long belong to an abandoned upload and are removed */
export const ABANDONED_AFTER_MS = 24 * 3600 * 1000;
/** at most this many uploads keep a running MD5 in memory; the oldest is dropped (its merge re-reads) */
const MAX_RUNNING_HASHES = 256;
const READ_BLOCK = 1024 * 1024;
/** a chunk's pieces are gathered into writes of about this size (one writev each), one write in flight per request */
const WRITE_BLOCK = 1024 * 1024;
/**
 * bytes of one upload left to the kernel's write-back before its part file is flushed in the background:
 * the disk works while chunks are still arriving, and the merge's own flush finds little left to write
 */
const FLUSH_EVERY = 64 * 1024 * 1024;
const PART = 'data.part';
const PLAN = 'plan.json';

export interface ChunkPlan {
  identifier: string;
  totalSize: number;
  totalChunks: number;
  chunkSize: number;
}

/** The size chunk `n` (1-based) must have in this plan; every chunk but the last is chunkSize. */
export function expectedChunkSize(plan: ChunkPlan, n: number): number {
  return n < plan.totalChunks ? plan.chunkSize : plan.totalSize - plan.chunkSize * (plan.totalChunks - 1);
}

/** Whether the numbers of a plan agree with each other and the limits (security.md rule 17). */
export function isConsistentPlan(plan: ChunkPlan): boolean {
  return (
    /^[0-9a-f]{32}$/.test(plan.identifier) &&
    plan.chunkSize === CHUNK_SIZE &&
    plan.totalSize > 0 &&
    plan.totalSize <= MAX_CHUNKED_FILE_BYTES &&
    plan.totalChunks === Math.max(1, Math.ceil(plan.totalSize / plan.chunkSize))
  );
}

/**
 * The MD5 of chunks 1..next-1, taken while they streamed in, with the token of each chunk's mark at that
 * time: a chunk re-sent since (by this or another server process) has a new token, so the running hash is
 * used only while every token still matches.
 */
interface RunningHash {
  hash: Hash;
  next: number;
  tokens: string[];
  /** a chunk is being hashed (on arrival or read back); others that complete meanwhile set `again` */
  busy: boolean;
  again: boolean;
}

/** Writes `buffers` at `position`, all of them (a short writev is finished piece by piece). */
async function writeAll(handle: fs.promises.FileHandle, buffers: Buffer[], position: number): Promise<void> {
  const total = buffers.reduce((sum, b) => sum + b.length, 0);
  let written = (await handle.writev(buffers, position)).bytesWritten;
  if (written === total) return;
  const rest = Buffer.concat(buffers).subarray(written);
  let at = 0;
  while (at < rest.length) {
    const { bytesWritten } = await handle.write(rest, at, rest.length - at, position + written);
    at += bytesWritten;
    written += bytesWritten;
  }
}

export interface AssembledUpload {
  /** the part file holding the whole upload, synced to the disk; the caller moves it (adoptBlob) or clears the upload */
  file: string;
  md5: string;
  size: number;
  /** bytes read back at the merge to finish the MD5 (0 when every chunk arrived on this process) */
  reread: number;
}

/**
 * Chunks of one upload under <dataDir>/chunks/<owner>/<identifier>/ — one folder per uploader, so a merge
 * only ever sees its own uploader's bytes:
 * - `data.part`, the file at its final size: each chunk is written straight at its offset, so the merge
 *   moves this file into the blob store instead of copying it;
 * - `<n>`, the mark of chunk n, created (by rename, holding a random token) only once all its bytes are
 *   written: a chunk is stored whole or not at all, and a re-sent chunk first removes its mark;
 * - `plan.json`, the plan the part file was sized for.
 * The MD5 is taken while chunks stream in, in order; a chunk that completes ahead of the running hash
 * (the uploader keeps several in flight) is read back as soon as the chunks before it are in, while it is
 * still in the page cache; chunks stored before a restart are read back once at the merge. Each chunk is
 * written in WRITE_BLOCK writes, and the part file is flushed in the background every FLUSH_EVERY bytes so
 * the merge's flush does not find the whole file still to write. Memory stays at about two write blocks
 * and one read buffer per request.
 */
export function createChunkStore(dataDir: string) {
  const root = path.join(dataDir, 'chunks');
  fs.mkdirSync(root, { recursive: true });
  const ownerDir = (tenantId: number, userId: string) => path.join(root, `${tenantId}-${createHash('sha256').update(userId).digest('hex').slice(0, 32)}`);
  const dirOf = (tenantId: number, userId: string, identifier: string) => path.join(ownerDir(tenantId, userId), identifier);
  const running = new Map<string, RunningHash>();
  /** uploads being merged by this process: their chunks are refused until the merge ends */
  const merging = new Set<string>();
  /** chunk writes in progress per upload, which a merge on this process waits for */
  const writing = new Map<string, Set<Promise<unknown>>>();
  /** per upload: bytes written since its part file was last flushed, and the flush in progress */
  const flushing = new Map<string, { unsynced: number; running: Promise<void> | null }>();

  /** Counts `bytes` written to the part file of `dir`; past FLUSH_EVERY, flushes it without waiting. */
  function flushBehind(dir: string, bytes: number): void {
    const state = flushing.get(dir) ?? { unsynced: 0, running: null };
    flushing.set(dir, state);
    state.unsynced += bytes;
    if (state.running || state.unsynced < FLUSH_EVERY) return;
    state.unsynced = 0;
    state.running = (async () => {
      const handle = await fs.promises.open(path.join(dir, PART), 'r+');
      try {
        await handle.datasync();
      } finally {
        await handle.close();
      }
    })()
      // only an early start on the merge's flush, which reports its own failure
      .catch(() => undefined)
      .finally(() => {
        state.running = null;
        if (state.unsynced === 0 && flushing.get(dir) === state) flushing.delete(dir);
      });
  }

  const readToken = (dir: string, n: number) => fs.promises.readFile(path.join(dir, String(n)), 'utf8').catch(() => null);

  async function preparedPlan(dir: string, plan: ChunkPlan): Promise<void> {
    await fs.promises.mkdir(dir, { recursive: true });
    const stored = await fs.promises.readFile(path.join(dir, PLAN), 'utf8').catch(() => null);
    const wanted = JSON.stringify(plan);
    if (stored === wanted) return;
    // another plan under the same identifier (a lying or broken client): start this upload afresh
    if (stored !== null) {
      running.delete(dir);
      for (const name of await fs.promises.readdir(dir)) if (name !== PLAN) await fs.promises.rm(path.join(dir, name), { force: true });
    }
    const temp = path.join(dir, `.${randomUUID()}.plan`);
    await fs.promises.writeFile(temp, wanted);
    await fs.promises.rename(temp, path.join(dir, PLAN));
  }

  async function markDone(dir: string, n: number): Promise<string> {
    const token = randomUUID();
    const temp = path.join(dir, `.${token}.mark`);
    await fs.promises.writeFile(temp, token);
    await fs.promises.rename(temp, path.join(dir, String(n)));
    return token;
  }

  function keepRunning(dir: string, state: RunningHash): void {
    running.delete(dir);
    running.set(dir, state);
    if (running.size > MAX_RUNNING_HASHES) running.delete(running.keys().next().value as string);
  }

  /** Feeds `hash` with bytes [start, end) of the part file; answers the bytes read. */
  async function hashRange(handle: fs.promises.FileHandle, hash: Hash, start: number, end: number): Promise<number> {
    if (start >= end) return 0;
    const buffer = Buffer.allocUnsafe(Math.min(READ_BLOCK, Math.max(end - start, 1)));
    let at = start;
    while (at < end) {
      const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, end - at), at);
      if (bytesRead === 0) throw new Error('the part file is shorter than its plan');
      hash.update(buffer.subarray(0, bytesRead));
      at += bytesRead;
    }
    return end - start;
  }

  /** Hashes the chunks after `state.next` whose marks exist (they arrived early), reading them back. */
  async function catchUp(dir: string, plan: ChunkPlan, state: RunningHash): Promise<void> {
    let handle: fs.promises.FileHandle | null = null;
    try {
      while (state.next <= plan.totalChunks) {
        const token = await readToken(dir, state.next);
        if (token === null) return;
        handle ??= await fs.promises.open(path.join(dir, PART), 'r');
        const start = (state.next - 1) * plan.chunkSize;
        await hashRange(handle, state.hash, start, start + expectedChunkSize(plan, state.next));
        // re-sent while it was read: the hash may hold a mix of old and new bytes
        if ((await readToken(dir, state.next)) !== token) {
          running.delete(dir);
          return;
        }
        state.tokens.push(token);
        state.next++;
      }
    } finally {
      await handle?.close();
    }
  }

  /**
   * Hashes, from the disk, the chunks that completed while the running hash was behind them; one pass at
   * a time per upload, and a chunk completing during a pass makes it look again.
   */
  async function advance(dir: string, plan: ChunkPlan, state: RunningHash): Promise<void> {
    if (state.busy) {
      state.again = true;
      return;
    }
    state.busy = true;
    try {
      do {
        state.again = false;
        await catchUp(dir, plan, state);
      } while (state.again && running.get(dir) === state);
    } finally {
      state.busy = false;
    }
  }

  async function writeChunk(dir: string, plan: ChunkPlan, n: number, source: Readable & { truncated?: boolean }): Promise<number> {
    await preparedPlan(dir, plan);
    // from here the old bytes of chunk n are no longer whole
    await fs.promises.rm(path.join(dir, String(n)), { force: true });
    let state = running.get(dir);
    if (state && n < state.next) {
      running.delete(dir);
      state = undefined;
    }
    if (!state && n === 1) {
      state = { hash: createHash('md5'), next: 1, tokens: [], busy: false, again: false };
      keepRunning(dir, state);
    }
    // hashed on arrival only when it is the next chunk the running hash needs; otherwise read back later
    const hashing = state !== undefined && state.next === n && !state.busy ? state : null;
    if (hashing) hashing.busy = true;

    const expected = expectedChunkSize(plan, n);
    const offset = (n - 1) * plan.chunkSize;
    let size = 0;
    let whole = false;
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(path.join(dir, PART), fs.constants.O_RDWR | fs.constants.O_CREAT);
    } catch (error) {
      if (hashing) {
        hashing.busy = false;
        running.delete(dir);
      }
      throw error;
    }
    // the pieces received since the last write, and the one write in flight
    let pieces: Buffer[] = [];
    let piecesBytes = 0;
    let written = 0;
    let inFlight: Promise<void> = Promise.resolve();
    const writeOut = () => {
      const buffers = pieces;
      const position = offset + written;
      written += piecesBytes;
      pieces = [];
      piecesBytes = 0;
      inFlight = writeAll(handle, buffers, position);
    };
    try {
      if ((await handle.stat()).size !== plan.totalSize) await handle.truncate(plan.totalSize);
      for await (const data of source as AsyncIterable<Buffer>) {
        if (size + data.length > expected) {
          size += data.length;
          continue; // too long: drain and refuse, never write past this chunk
        }
        if (hashing) hashing.hash.update(data);
        pieces.push(data);
        piecesBytes += data.length;
        size += data.length;
        if (piecesBytes >= WRITE_BLOCK) {
          await inFlight;
          writeOut();
        }
      }
      await inFlight;
      if (piecesBytes > 0 && size <= expected) {
        writeOut();
        await inFlight;
      }
      whole = !source.truncated && size === expected;
    } finally {
      // never close the file under a write still in flight
      await inFlight.catch(() => undefined);
      await handle.close();
      if (hashing && !whole) {
        hashing.busy = false;
        running.delete(dir);
      }
    }
    if (source.truncated) return -1;
    if (!whole) return size;
    flushBehind(dir, size);
    // the arriving chunk keeps the hash busy until its mark exists: a pass of advance() must not hash it again
    let token: string;
    try {
      token = await markDone(dir, n);
    } catch (error) {
      if (hashing) {
        hashing.busy = false;
        running.delete(dir);
      }
      throw error;
    }
    if (hashing) {
      hashing.busy = false;
      if (running.get(dir) === hashing) {
        hashing.tokens.push(token);
        hashing.next++;
      }
    }
    // chunks after this one may have completed while it was in flight (several are sent at once): hash them now
    const current = running.get(dir);
    if (current) await advance(dir, plan, current);
    return size;
  }

  return {
    /** the chunk numbers already stored for this upload, ascending */
    async done(tenantId: number, userId: string, plan: ChunkPlan): Promise<number[]> {
      const dir = dirOf(tenantId, userId, plan.identifier);
      const stored = await fs.promises.readFile(path.join(dir, PLAN), 'utf8').catch(() => null);
      if (stored !== JSON.stringify(plan)) return [];
      const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
      const numbers = names.filter((name) => /^\d+$/.test(name)).map(Number);
      return numbers.filter((n) => n >= 1 && n <= plan.totalChunks).sort((a, b) => a - b);
    },
    /** stores one chunk at its offset; answers the bytes received, -1 when cut off (the caller compares them with the plan) */
    async write(tenantId: number, userId: string, plan: ChunkPlan, n: number, source: Readable): Promise<number> {
      const dir = dirOf(tenantId, userId, plan.identifier);
      if (merging.has(dir)) {
        source.resume();
        return -1;
      }
      const work = writeChunk(dir, plan, n, source);
      const set = writing.get(dir) ?? new Set();
      writing.set(dir, set.add(work));
      try {
        return await work;
      } finally {
        set.delete(work);
        if (set.size === 0) writing.delete(dir);
      }
    },
    /**
     * Finishes the MD5 of a complete upload (reading back only what was not hashed on arrival) and syncs
     * its part file. Chunks for it are refused meanwhile. Answers null when a chunk is missing.
     */
    async assemble(tenantId: number, userId: string, plan: ChunkPlan): Promise<AssembledUpload | null> {
      const dir = dirOf(tenantId, userId, plan.identifier);
      if (merging.has(dir)) return null;
      merging.add(dir);
      try {
        await Promise.allSettled([...(writing.get(dir) ?? [])]);
        await flushing.get(dir)?.running;
        flushing.delete(dir);
        if ((await this.done(tenantId, userId, plan)).length !== plan.totalChunks) return null;
        const tokens: string[] = [];
        for (let n = 1; n <= plan.totalChunks; n++) {
          const token = await readToken(dir, n);
          if (token === null) return null;
          tokens.push(token);
        }
        let state = running.get(dir);
        if (!state || state.busy || state.tokens.some((token, i) => tokens[i] !== token)) state = undefined;
        const hash = state?.hash ?? createHash('md5');
        const from = state?.next ?? 1;
        const file = path.join(dir, PART);
        const handle = await fs.promises.open(file, 'r+');
        let reread = 0;
        try {
          reread = await hashRange(handle, hash, (from - 1) * plan.chunkSize, plan.totalSize);
          await handle.datasync();
        } finally {
          await handle.close();
        }
        running.delete(dir);
        // a chunk re-sent by another process while this one hashed: refuse rather than store a mix
        for (let n = 1; n <= plan.totalChunks; n++) if ((await readToken(dir, n)) !== tokens[n - 1]) return null;
        return { file, md5: hash.digest('hex'), size: (await fs.promises.stat(file)).size, reread };
      } finally {
        merging.delete(dir);
      }
    },
    /** the part file of an upload, for sniffing its type before the merge */
    partOf(tenantId: number, userId: string, identifier: string): string {
      return path.join(dirOf(tenantId, userId, identifier), PART);
    },
    async clear(tenantId: number, userId: string, identifier: string): Promise<void> {
      const dir = dirOf(tenantId, userId, identifier);
      running.delete(dir);
      flushing.delete(dir);
      await fs.promises.rm(dir, { recursive: true, force: true });
    },
    /** removes uploads whose folder has not changed for ABANDONED_AFTER_MS; answers how many */
    async sweep(now = Date.now()): Promise<number> {
      let removed = 0;
      for (const owner of await fs.promises.readdir(root).catch(() => [] as string[])) {
        for (const upload of await fs.promises.readdir(path.join(root, owner)).catch(() => [] as string[])) {
          const dir = path.join(root, owner, upload);
          const stat = await fs.promises.stat(dir).catch(() => null);
          if (stat && now - stat.mtimeMs > ABANDONED_AFTER_MS) {
            running.delete(dir);
            flushing.delete(dir);
            await fs.promises.rm(dir, { recursive: true, force: true });
            removed++;
          }
        }
      }
      return removed;
    },
  };
}

export type ChunkStore = ReturnType<typeof createChunkStore>;
