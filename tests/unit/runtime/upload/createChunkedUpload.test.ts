// @vitest-environment node
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createChunkedUpload, type ChunkTransport, type ChunkUploadPlan, type ChunkUploadState } from '../../../../runtime/upload/createChunkedUpload';
import { md5File } from '../../../../runtime/upload/md5File';

const CHUNK = 10;
const fileOf = (size: number) => Object.assign(new Blob([Buffer.alloc(size, 7)]), { name: 'data.bin' });

/** A server that keeps chunks across uploader instances (a reload) and can fail on demand. */
function fakeServer() {
  const stored = new Set<number>();
  const sent: number[] = [];
  let failures = 0;
  const transport: ChunkTransport = {
    check: async () => ({ chunkNumbers: [...stored].sort((a, b) => a - b), merge: false }),
    send: async (_plan, n, chunk) => {
      sent.push(n);
      if (failures > 0) {
        failures--;
        throw new Error('network');
      }
      expect(chunk.size).toBeLessThanOrEqual(CHUNK);
      stored.add(n);
    },
    merge: async (plan: ChunkUploadPlan) => {
      expect(stored.size).toBe(plan.totalChunks);
      return { name: plan.fileName, url: '/u', fileId: 'f', fileVersionId: plan.identifier, fileSize: plan.totalSize };
    },
  };
  return {
    transport,
    stored,
    sent,
    failNext: (n: number) => (failures = n),
  };
}

const hash = async () => 'a'.repeat(32);

describe('chunked uploader (spec 000 §4, §9)', () => {
  it('goes waiting → check → uploading → success, progress capped at 99 until the merge', async () => {
    const server = fakeServer();
    const upload = createChunkedUpload(fileOf(35), { transport: server.transport, hash, chunkSize: CHUNK });
    const seen: [ChunkUploadState, number][] = [];
    upload.subscribe((s) => seen.push([s.state, s.progress]));
    expect(upload.snapshot()).toEqual({ state: 'waiting', progress: 0 });
    await upload.start();
    expect(seen[0]).toEqual(['check', 0]);
    expect(seen.filter(([state]) => state === 'uploading').map(([, p]) => p)).toEqual([0, 28, 57, 85, 99]);
    expect(upload.snapshot()).toMatchObject({ state: 'success', progress: 100, result: { fileSize: 35 } });
    expect(server.sent).toEqual([1, 2, 3, 4]);
  });

  it('retries a chunk up to 5 times, then stops in error; retry carries on from the stored chunks', async () => {
    const server = fakeServer();
    server.failNext(5);
    const ok = createChunkedUpload(fileOf(15), { transport: server.transport, hash, chunkSize: CHUNK });
    await ok.start();
    expect(ok.snapshot().state).toBe('success');

    const again = fakeServer();
    const upload = createChunkedUpload(fileOf(25), { transport: again.transport, hash, chunkSize: CHUNK });
    await upload.start();
    again.failNext(6);
    const failing = createChunkedUpload(fileOf(25), {
      transport: { ...again.transport, check: async () => ({ chunkNumbers: [1], merge: false }) },
      hash,
      chunkSize: CHUNK,
    });
    await failing.start();
    expect(failing.snapshot()).toMatchObject({ state: 'error', error: 'network' });
    expect(again.sent.slice(3)).toEqual([2, 2, 2, 2, 2, 2]);
    await failing.retry();
    expect(failing.snapshot().state).toBe('success');
  });

  it('pauses the chunk in flight and resumes; a new uploader for the same file (a reload) sends only what is missing', async () => {
    const server = fakeServer();
    const first = createChunkedUpload(fileOf(40), { transport: server.transport, hash, chunkSize: CHUNK });
    const transport = server.transport;
    let calls = 0;
    const stalling: ChunkTransport = {
      ...transport,
      send: async (plan, n, chunk, signal) => {
        if (++calls === 3) await new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));
        return transport.send(plan, n, chunk, signal);
      },
    };
    const paused = createChunkedUpload(fileOf(40), { transport: stalling, hash, chunkSize: CHUNK });
    const running = paused.start();
    await new Promise((resolve) => setTimeout(resolve, 10));
    paused.pause();
    await running;
    expect(paused.snapshot()).toMatchObject({ state: 'paused', progress: 50 });
    expect([...server.stored].sort()).toEqual([1, 2]);

    // the page reloads: a fresh uploader for the same file asks the server and sends 3 and 4 only
    server.sent.length = 0;
    await first.start();
    expect(server.sent).toEqual([3, 4]);
    expect(first.snapshot().state).toBe('success');
  });

  it('can be removed unless it succeeded', async () => {
    const server = fakeServer();
    const upload = createChunkedUpload(fileOf(5), { transport: server.transport, hash, chunkSize: CHUNK });
    upload.remove();
    expect(upload.snapshot().state).toBe('removed');
    const done = createChunkedUpload(fileOf(5), { transport: server.transport, hash, chunkSize: CHUNK });
    await done.start();
    done.remove();
    expect(done.snapshot().state).toBe('success');
  });

  it('hashes with spark-md5 over slices, equal to the MD5 of the whole file', async () => {
    const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => (i * 7) & 0xff));
    const seen: number[] = [];
    expect(await md5File(new Blob([bytes]), 300, (done) => seen.push(done))).toBe(createHash('md5').update(bytes).digest('hex'));
    expect(seen).toEqual([300, 600, 900, 1000]);
  });
});
