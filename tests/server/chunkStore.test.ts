import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHUNK_SIZE, createChunkStore, type ChunkPlan } from '../../server/files/chunkStore.js';

// The chunk store writes each chunk in place and hashes on arrival (issue 8: one write per byte, the MD5
// read back only for what could not be hashed in order), on the real file system.
const fileOf = (size: number, seed = 1) => {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i += 4096) bytes.writeUInt32BE((i * 2654435761 + seed) >>> 0, i);
  return bytes;
};
const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');
const planOf = (file: Buffer): ChunkPlan => ({
  identifier: md5(file),
  totalSize: file.length,
  totalChunks: Math.ceil(file.length / CHUNK_SIZE),
  chunkSize: CHUNK_SIZE,
});
const chunk = (file: Buffer, n: number) => file.subarray((n - 1) * CHUNK_SIZE, n * CHUNK_SIZE);
/** a request body as multipart hands it over: in pieces */
const streamOf = (bytes: Buffer) =>
  Readable.from(Array.from({ length: Math.ceil(bytes.length / 65536) }, (_, i) => bytes.subarray(i * 65536, (i + 1) * 65536)));

describe('chunk store', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudlab-chunks-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const send = (store: ReturnType<typeof createChunkStore>, file: Buffer, n: number, bytes = chunk(file, n)) =>
    store.write(1, 'u1', planOf(file), n, streamOf(bytes));

  it('hashes chunks sent in order while they are written, so the merge reads nothing back', async () => {
    const file = fileOf(CHUNK_SIZE * 3 + 777);
    const store = createChunkStore(dataDir);
    for (const n of [1, 2, 3, 4]) expect(await send(store, file, n)).toBe(chunk(file, n).length);
    const merged = await store.assemble(1, 'u1', planOf(file));
    expect(merged).toMatchObject({ md5: md5(file), size: file.length, reread: 0 });
    expect(fs.readFileSync(merged!.file).equals(file)).toBe(true);
  });

  it('reads back only the chunks that arrived out of order', async () => {
    const file = fileOf(CHUNK_SIZE * 3 + 5);
    const store = createChunkStore(dataDir);
    for (const n of [1, 3, 2]) await send(store, file, n);
    // chunk 3 waited for 2 and was hashed from the disk then; chunk 4 is still missing
    expect(await store.assemble(1, 'u1', planOf(file))).toBeNull();
    await send(store, file, 4);
    expect(await store.assemble(1, 'u1', planOf(file))).toMatchObject({ md5: md5(file), reread: 0 });
  });

  it('hashes chunks sent several at once, whatever order they complete in, without reading anything back at the merge', async () => {
    const file = fileOf(CHUNK_SIZE * 5 + 321);
    const store = createChunkStore(dataDir);
    await Promise.all([1, 2, 3].map((n) => send(store, file, n)));
    await Promise.all([6, 5, 4].map((n) => send(store, file, n)));
    const merged = await store.assemble(1, 'u1', planOf(file));
    expect(merged).toMatchObject({ md5: md5(file), size: file.length, reread: 0 });
    expect(fs.readFileSync(merged!.file).equals(file)).toBe(true);
  });

  it('hashes a chunk that completes after the one before it, though it started first', async () => {
    const file = fileOf(CHUNK_SIZE * 2 + 10);
    const store = createChunkStore(dataDir);
    // chunk 2 is in flight before chunk 1 starts and completes after it: it cannot be hashed on arrival
    const late = new PassThrough();
    const second = store.write(1, 'u1', planOf(file), 2, late);
    late.write(chunk(file, 2).subarray(0, 4096));
    expect(await send(store, file, 1)).toBe(CHUNK_SIZE);
    late.end(chunk(file, 2).subarray(4096));
    expect(await second).toBe(CHUNK_SIZE);
    await send(store, file, 3);
    expect(await store.assemble(1, 'u1', planOf(file))).toMatchObject({ md5: md5(file), reread: 0 });
  });

  it('never writes a too-long chunk past its own bytes', async () => {
    const file = fileOf(CHUNK_SIZE * 2);
    const store = createChunkStore(dataDir);
    await send(store, file, 2);
    const tooLong = Buffer.concat([chunk(file, 1), Buffer.alloc(3 * 65536, 0xee)]);
    expect(await send(store, file, 1, tooLong)).toBe(tooLong.length);
    expect(await store.done(1, 'u1', planOf(file))).toEqual([2]);
    await send(store, file, 1);
    expect(await store.assemble(1, 'u1', planOf(file))).toMatchObject({ md5: md5(file) });
  });

  it('resumes after a restart: the stored chunks stay, and the merge hashes what the new process did not see', async () => {
    const file = fileOf(CHUNK_SIZE * 2 + 10);
    await send(createChunkStore(dataDir), file, 1);
    const restarted = createChunkStore(dataDir);
    expect(await restarted.done(1, 'u1', planOf(file))).toEqual([1]);
    await send(restarted, file, 2);
    await send(restarted, file, 3);
    expect(await restarted.assemble(1, 'u1', planOf(file))).toMatchObject({ md5: md5(file), reread: file.length });
  });

  it('never trusts a running hash for a chunk re-sent with other bytes, nor one re-sent by another process', async () => {
    const file = fileOf(CHUNK_SIZE * 2 + 10);
    const store = createChunkStore(dataDir);
    for (const n of [1, 2]) await send(store, file, n);
    await send(store, file, 2, fileOf(CHUNK_SIZE, 9)); // different bytes, same size
    await send(store, file, 3);
    const mixed = await store.assemble(1, 'u1', planOf(file));
    expect(mixed?.md5).not.toBe(md5(file));

    await store.clear(1, 'u1', md5(file));
    for (const n of [1, 2, 3]) await send(store, file, n);
    await send(createChunkStore(dataDir), file, 1, fileOf(CHUNK_SIZE, 5)); // another server process
    const other = await store.assemble(1, 'u1', planOf(file));
    expect(other?.md5).not.toBe(md5(file));
    expect(other?.reread).toBe(file.length);
  });

  it('marks a short or cut-off chunk as not done and keeps its earlier copy out', async () => {
    const file = fileOf(CHUNK_SIZE + 100);
    const store = createChunkStore(dataDir);
    await send(store, file, 1);
    expect(await send(store, file, 1, chunk(file, 1).subarray(0, 1000))).toBe(1000);
    expect(await store.done(1, 'u1', planOf(file))).toEqual([]);
    const cut = Object.assign(streamOf(chunk(file, 2)), { truncated: true });
    expect(await store.write(1, 'u1', planOf(file), 2, cut)).toBe(-1);
    expect(await store.done(1, 'u1', planOf(file))).toEqual([]);
  });

  it('starts afresh when the same identifier comes with another plan, and keeps uploaders apart', async () => {
    const file = fileOf(CHUNK_SIZE + 100);
    const store = createChunkStore(dataDir);
    await send(store, file, 1);
    expect(await store.done(1, 'u2', planOf(file))).toEqual([]);
    const other = { ...planOf(file), totalSize: CHUNK_SIZE + 50 };
    expect(await store.done(1, 'u1', other)).toEqual([]);
    await store.write(1, 'u1', other, 2, streamOf(Buffer.alloc(50)));
    expect(await store.done(1, 'u1', other)).toEqual([2]);
    expect(await store.done(1, 'u1', planOf(file))).toEqual([]);
  });
});
