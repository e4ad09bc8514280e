// npm run bench:upload — a 1 GiB chunked upload through the real server in its own process, on SQLite
// (issue 8: at least 50 % of this disk's synced write speed, at most 200 MB of server memory).
// In one run: (1) the disk's synced write speed where the server keeps its files (the same size written in
// 5 MiB writes, then fdatasync); that file is then the file uploaded, given to the uploader as a file-backed
// Blob like the browser's File; (2) the upload as the browser does it — the product's uploader (createChunkedUpload:
// check, chunks CHUNK_CONCURRENCY at a time, merge, which verifies the MD5) sending httpChunkTransport's
// multipart body (sendMultipart) — timed from the check to the merge's answer, with the server's RSS sampled every
// 20 ms. The uploader's MD5 pass runs before the clock starts (the browser hashes in a worker before it
// sends).
// The server runs as `npm start` runs it, the bundle of scripts/serverBuild.ts under plain node;
// --server=tsx runs server/main.ts under tsx instead (as before that build existed), for comparison.
// Options: --bytes=1073741824 --concurrency=<chunks in flight, default the uploader's> --server=built|tsx
// --profile=<folder> (the server's CPU profile, node --cpu-prof, written there when it stops)
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app.js';
import { PROJECT_ROOT } from '../server/config.js';
import { CHUNK_SIZE } from '../server/files/chunkStore.js';
import { ensureServerBuild } from '../scripts/serverBuild.js';
import { CHUNK_CONCURRENCY, createChunkedUpload, type ChunkTransport, type MergedFile } from '../runtime/upload/createChunkedUpload.js';
import { cpuMs, peakRss, startProcess, stopProcess, waitForHttp } from './processes.js';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const BYTES = Number(args.bytes ?? 1024 ** 3);
const PORT = 18990;
const PASSWORD = 'BenchUpload2026';
const MB = 1024 * 1024;
const CHUNKS = Math.ceil(BYTES / CHUNK_SIZE);
const CONCURRENCY = Number(args.concurrency ?? CHUNK_CONCURRENCY);
const SERVER = args.server === 'tsx' ? 'tsx' : 'built';

// the file's bytes without holding 1 GiB: one random block, each chunk stamped with its number
const block = randomBytes(CHUNK_SIZE);
function chunkOf(n: number): Buffer {
  const size = Math.min(CHUNK_SIZE, BYTES - (n - 1) * CHUNK_SIZE);
  const chunk = Buffer.from(block.subarray(0, size));
  chunk.writeUInt32BE(n, 16);
  // the server stores only types it recognises by their first bytes
  if (n === 1) chunk.write('%PDF-1.7\n', 0, 'latin1');
  return chunk;
}

/** Bytes written to `file` in CHUNK_SIZE writes and forced to the disk (fdatasync), per second. */
async function syncedWriteSpeed(file: string): Promise<number> {
  const started = performance.now();
  const handle = await fs.promises.open(file, 'w');
  try {
    for (let n = 1; n <= CHUNKS; n++) await handle.write(chunkOf(n));
    await handle.datasync();
  } finally {
    await handle.close();
  }
  const seconds = (performance.now() - started) / 1000;
  return BYTES / seconds;
}

async function call<T>(url: string, init: RequestInit): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${PORT}${url}`, init);
  const body = (await res.json()) as { code: number; msg?: string; data: T };
  if (body.code !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
  return body.data;
}

const agent = new http.Agent({ keepAlive: true });

/**
 * The multipart body httpChunkTransport's FormData makes (runtime/fields/upload): the same fields in the same
 * order, the file part last, sent over node:http with the chunk read from the file in one piece, as the
 * browser's XHR sends a File slice from native code. (Sending a FormData through fetch cost this process about
 * 9 ms of CPU per MiB, against 3 to 4 ms this way, measured on the shared two-core machine: JavaScript work in
 * undici's encoder and Node's Blob reader that no browser spends, and which took a core from the server.)
 */
function sendMultipart(
  url: string,
  headers: Record<string, string>,
  fields: Record<string, string>,
  fileName: string,
  bytes: Buffer,
  signal: AbortSignal,
): Promise<void> {
  const boundary = `----cloudlab${randomBytes(12).toString('hex')}`;
  const head = Buffer.from(
    Object.entries(fields)
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('') + `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const request = http.request(
      `http://127.0.0.1:${PORT}${url}`,
      {
        method: 'POST',
        agent,
        signal,
        headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + bytes.length + tail.length },
      },
      (response) => {
        const parts: Buffer[] = [];
        response.on('data', (part: Buffer) => parts.push(part));
        response.on('end', () => {
          const body = JSON.parse(Buffer.concat(parts).toString('utf8')) as { code: number };
          if (body.code === 200) resolve();
          else reject(new Error(`${url}: ${response.statusCode} ${JSON.stringify(body)}`));
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.write(head);
    request.write(bytes);
    request.end(tail);
  });
}
/**
 * httpChunkTransport's calls: check and merge over fetch, chunks as sendMultipart sends them, each read from
 * the file at its offset with one positioned read (Node's file-backed Blob reads through web streams in
 * JavaScript, another cost a browser does not have); the bytes are those of the uploader's slice.
 */
function benchTransport(headers: Record<string, string>, source: fs.promises.FileHandle): ChunkTransport {
  const planParams = (plan: Parameters<ChunkTransport['check']>[0]) => ({
    identifier: plan.identifier,
    totalSize: String(plan.totalSize),
    totalChunks: String(plan.totalChunks),
    chunkSize: String(plan.chunkSize),
  });
  return {
    check: (plan, signal) => call(`/api/file/chunk?${new URLSearchParams(planParams(plan))}`, { headers, signal }),
    async send(plan, chunkNumber, chunk, signal) {
      const fields = { ...planParams(plan), chunkNumber: String(chunkNumber), currentChunkSize: String(chunk.size), fileName: plan.fileName };
      const bytes = Buffer.allocUnsafe(chunk.size);
      const { bytesRead } = await source.read(bytes, 0, chunk.size, (chunkNumber - 1) * plan.chunkSize);
      if (bytesRead !== chunk.size) throw new Error(`chunk ${chunkNumber}: read ${bytesRead} of ${chunk.size} bytes`);
      await sendMultipart('/api/file/chunk', headers, fields, plan.fileName, bytes, signal);
    },
    merge: (plan, signal) =>
      call<MergedFile>('/api/file/merge', {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ identifier: plan.identifier, fileName: plan.fileName, fileSize: plan.totalSize, type: 'annex' }),
        signal,
      }),
  };
}

async function upload(source: string, headers: Record<string, string>, identifier: string): Promise<{ seconds: number; merged: MergedFile }> {
  const file = Object.assign(await fs.openAsBlob(source), { name: 'bench.pdf' });
  const handle = await fs.promises.open(source, 'r');
  const transport = benchTransport(headers, handle);
  let fresh = true;
  let sent = 0;
  const uploader = createChunkedUpload(file, {
    transport: {
      ...transport,
      async check(plan, signal) {
        const status = await transport.check(plan, signal);
        fresh = status.chunkNumbers.length === 0 && !status.uploaded;
        return status;
      },
      send(plan, n, chunk, signal) {
        sent++;
        return transport.send(plan, n, chunk, signal);
      },
    },
    hash: async () => identifier,
    concurrency: CONCURRENCY,
  });
  const started = performance.now();
  try {
    await uploader.start();
  } finally {
    await handle.close();
  }
  const seconds = (performance.now() - started) / 1000;
  const { state, result, error } = uploader.snapshot();
  if (!fresh) throw new Error('a fresh upload found chunks already stored');
  if (state !== 'success' || !result) throw new Error(`the upload ended ${state}: ${error}`);
  // a retried chunk would hide a failure and send its bytes twice
  if (sent !== CHUNKS) throw new Error(`${sent} chunk requests for ${CHUNKS} chunks`);
  return { seconds, merged: result };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudlab-bench-upload-'));
try {
  console.log(`bench:upload: ${(BYTES / MB).toFixed(0)} MiB in ${CHUNKS} chunks of ${CHUNK_SIZE} bytes, ${CONCURRENCY} in flight; data folder ${dataDir}`);
  const app = await buildApp({ config: { dataDir, databaseUrl: null, adminPassword: PASSWORD, expiryNotice: null }, adminPasswordFinal: true });
  await app.close();

  const source = path.join(dataDir, 'bench.pdf');
  const disk = await syncedWriteSpeed(source);
  console.log(`disk: ${(disk / MB).toFixed(1)} MB/s synced write (${(BYTES / MB).toFixed(0)} MiB, then fdatasync)`);

  const hash = createHash('md5');
  for (let n = 1; n <= CHUNKS; n++) hash.update(chunkOf(n));
  const identifier = hash.digest('hex');

  const env = {
    HOST: '127.0.0.1',
    PORT: String(PORT),
    LOG_LEVEL: 'warn',
    CLOUDLAB_DATA_DIR: dataDir,
    CLOUDLAB_CLIENT_DIR: path.join(dataDir, 'no-client'),
    CLOUDLAB_EXPIRY_NOTICE_DAYS: '0',
  };
  const profile = args.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args.profile)}`] : [];
  const server =
    SERVER === 'tsx'
      ? startProcess(path.join(PROJECT_ROOT, 'server/main.ts'), env, [...profile, '--import', 'tsx'])
      : startProcess(await ensureServerBuild(), env, profile);
  try {
    await waitForHttp(`http://127.0.0.1:${PORT}/readyz`, 120_000);
    const login = (await fetch(`http://127.0.0.1:${PORT}/sys/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    }).then((r) => r.json())) as { result: { token: string } };
    const headers = { 'x-access-token': login.result.token, tenant_id: '1' };
    // CPU time per MiB on each side: what the wall time is made of when the machine is shared
    const serverCpuBefore = cpuMs(server.pid!);
    const clientCpuBefore = process.cpuUsage();
    const run = await peakRss(server.pid!, () => upload(source, headers, identifier));
    const serverCpu = cpuMs(server.pid!) - serverCpuBefore;
    const clientCpu = process.cpuUsage(clientCpuBefore);
    const { seconds, merged } = run.result;
    if (merged.fileVersionId !== identifier || merged.fileSize !== BYTES) throw new Error(`the merge answered ${JSON.stringify(merged)}`);
    const stored = path.join(dataDir, 'files', 'blobs', identifier);
    if (fs.statSync(stored).size !== BYTES) throw new Error('the stored file has the wrong size');
    const throughput = BYTES / seconds;
    const ratio = throughput / disk;
    console.log(
      `upload: ${(BYTES / MB).toFixed(0)} MiB in ${seconds.toFixed(1)} s = ${(throughput / MB).toFixed(1)} MB/s, MD5 verified by the merge; ` +
        `${(ratio * 100).toFixed(0)} % of the disk's synced write speed (≥ 50 %) ${ratio >= 0.5 ? 'OK' : 'UNDER'}`,
    );
    console.log(
      `CPU: server ${serverCpu} ms (${(serverCpu / (BYTES / MB)).toFixed(2)} ms/MiB), uploader ${((clientCpu.user + clientCpu.system) / 1000).toFixed(0)} ms ` +
        `(${((clientCpu.user + clientCpu.system) / 1000 / (BYTES / MB)).toFixed(2)} ms/MiB); ${(os.loadavg()[0] ?? 0).toFixed(1)} load on ${os.availableParallelism()} cores`,
    );
    console.log(
      `server (${SERVER === 'tsx' ? 'server/main.ts under tsx' : 'dist/server/main.js under node, as npm start runs it'}) RSS: ${run.beforeMb.toFixed(0)} MB before → peak ${run.peakMb.toFixed(0)} MB (≤ 200 MB) ${run.peakMb <= 200 ? 'OK' : 'OVER'}`,
    );
  } finally {
    await stopProcess(server);
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
