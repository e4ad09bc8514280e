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
    const upload = createChunkedUpload(fileOf(35), { transport: server.transport, hash, chunkSize: CHUNK, concurrency: 1 });
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
      concurrency: 1,
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
    const paused = createChunkedUpload(fileOf(40), { transport: stalling, hash, chunkSize: CHUNK, concurrency: 1 });
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

  it('keeps three chunks in flight by default, sends each missing chunk once in ascending order, and merges after the last', async () => {
    const server = fakeServer();
    const transport = server.transport;
    let inFlight = 0;
    let most = 0;
    const events: string[] = [];
    const slow: ChunkTransport = {
      ...transport,
      send: async (plan, n, chunk, signal) => {
        most = Math.max(most, ++inFlight);
        // later chunks answer sooner: completions come out of order
        await new Promise((resolve) => setTimeout(resolve, 12 - n));
        inFlight--;
        events.push(`sent ${n}`);
        return transport.send(plan, n, chunk, signal);
      },
      merge: async (plan, signal) => {
        events.push(`merge with ${inFlight} in flight`);
        return transport.merge(plan, signal);
      },
    };
    server.stored.add(2);
    const upload = createChunkedUpload(fileOf(95), {
      transport: { ...slow, check: async () => ({ chunkNumbers: [2], merge: false }) },
      hash,
      chunkSize: CHUNK,
    });
    const progress: number[] = [];
    upload.subscribe((s) => progress.push(s.progress));
    await upload.start();
    expect(most).toBe(3);
    expect(server.sent).toHaveLength(9);
    expect([...server.sent].sort((a, b) => a - b)).toEqual([1, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(events.at(-1)).toBe('merge with 0 in flight');
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(upload.snapshot()).toMatchObject({ state: 'success', progress: 100 });
  });

  it('with chunks in flight: a chunk that fails for good stops the others, and the error comes once none is in flight', async () => {
    const server = fakeServer();
    const transport = server.transport;
    let inFlight = 0;
    let inFlightAtError = -1;
    const failing: ChunkTransport = {
      ...transport,
      send: async (plan, n, chunk, signal) => {
        inFlight++;
        try {
          // chunk 2 is refused at once; the others take a while (or are aborted)
          if (n === 2) throw new Error(`chunk ${n} refused`);
          await new Promise((resolve, reject) => {
            const timer = setTimeout(resolve, 50);
            signal.addEventListener('abort', () => {
              clearTimeout(timer);
              reject(new Error('aborted'));
            });
          });
        } finally {
          inFlight--;
        }
        return transport.send(plan, n, chunk, signal);
      },
    };
    const tried: number[] = [];
    const counting: ChunkTransport = {
      ...failing,
      send: (plan, n, chunk, signal) => {
        tried.push(n);
        return failing.send(plan, n, chunk, signal);
      },
    };
    const upload = createChunkedUpload(fileOf(200), { transport: counting, hash, chunkSize: CHUNK });
    upload.subscribe((s) => {
      if (s.state === 'error') inFlightAtError = inFlight;
    });
    await upload.start();
    expect(upload.snapshot()).toMatchObject({ state: 'error', error: 'chunk 2 refused' });
    expect(inFlightAtError).toBe(0);
    // chunk 2 was tried 1 + 5 times; chunks 1 and 3, in flight meanwhile, were aborted and no other was started
    expect(tried.filter((n) => n === 2)).toHaveLength(6);
    expect([...new Set(tried)].sort()).toEqual([1, 2, 3]);
    expect(server.stored.size).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(tried).toHaveLength(8);
  });

  it('pausing aborts every chunk in flight; resuming sends only what the server lacks', async () => {
    const server = fakeServer();
    const transport = server.transport;
    let hold = true;
    const started: number[] = [];
    const holding: ChunkTransport = {
      ...transport,
      send: async (plan, n, chunk, signal) => {
        started.push(n);
        if (hold && n > 1) await new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));
        return transport.send(plan, n, chunk, signal);
      },
    };
    const upload = createChunkedUpload(fileOf(60), { transport: holding, hash, chunkSize: CHUNK });
    const running = upload.start();
    await new Promise((resolve) => setTimeout(resolve, 10));
    // chunk 1 went through; 2, 3 and 4 wait in flight
    expect(started).toEqual([1, 2, 3, 4]);
    upload.pause();
    await running;
    expect(upload.snapshot()).toMatchObject({ state: 'paused', progress: 16 });
    expect([...server.stored]).toEqual([1]);
    hold = false;
    started.length = 0;
    await upload.resume();
    expect(started.sort()).toEqual([2, 3, 4, 5, 6]);
    expect(upload.snapshot().state).toBe('success');
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
