// npm run bench:upload — a 1 GiB chunked upload through the real server in its own process, on SQLite
// (issue 8: at least 50 % of this disk's synced write speed, at most 200 MB of server memory).
// In one run: (1) the disk's synced write speed where the server keeps its files (the same size written in
// 5 MiB writes, then fdatasync); (2) the upload as the browser's uploader does it — check, every 5 MiB
// chunk in turn, merge (which verifies the MD5) — timed from the first chunk to the merge's answer, with
// the server's RSS sampled every 20 ms. The uploader's MD5 pass runs before the clock starts (the
// browser hashes in a worker before it sends).
// Options: --bytes=1073741824
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app.js';
import { PROJECT_ROOT } from '../server/config.js';
import { CHUNK_SIZE } from '../server/files/chunkStore.js';
import { peakRss, startProcess, stopProcess, waitForHttp } from './processes.js';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const BYTES = Number(args.bytes ?? 1024 ** 3);
const PORT = 18990;
const PASSWORD = 'BenchUpload2026';
const MB = 1024 * 1024;
const CHUNKS = Math.ceil(BYTES / CHUNK_SIZE);

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

/** Bytes written in CHUNK_SIZE writes and forced to the disk (fdatasync), per second. */
async function syncedWriteSpeed(dir: string): Promise<number> {
  const file = path.join(dir, 'disk-speed.bin');
  const started = performance.now();
  const handle = await fs.promises.open(file, 'w');
  try {
    for (let n = 1; n <= CHUNKS; n++) await handle.write(chunkOf(n));
    await handle.datasync();
  } finally {
    await handle.close();
  }
  const seconds = (performance.now() - started) / 1000;
  await fs.promises.rm(file);
  return BYTES / seconds;
}

async function call<T>(url: string, init: RequestInit): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${PORT}${url}`, init);
  const body = (await res.json()) as { code: number; msg?: string; data: T };
  if (body.code !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
  return body.data;
}

async function upload(headers: Record<string, string>, identifier: string): Promise<{ seconds: number; merged: { fileVersionId: string; fileSize: number } }> {
  const plan = { identifier, totalSize: String(BYTES), totalChunks: String(CHUNKS), chunkSize: String(CHUNK_SIZE) };
  const started = performance.now();
  const status = await call<{ chunkNumbers: number[] }>(`/api/file/chunk?${new URLSearchParams(plan)}`, { headers });
  if (status.chunkNumbers.length > 0) throw new Error('a fresh upload found chunks already stored');
  for (let n = 1; n <= CHUNKS; n++) {
    const form = new FormData();
    for (const [name, value] of Object.entries({ ...plan, chunkNumber: String(n), fileName: 'bench.pdf' })) form.append(name, value);
    form.append('file', new Blob([chunkOf(n)]), 'bench.pdf');
    await call(`/api/file/chunk`, { method: 'POST', headers, body: form });
  }
  const merged = await call<{ fileVersionId: string; fileSize: number }>('/api/file/merge', {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ identifier, fileName: 'bench.pdf', fileSize: BYTES, type: 'annex' }),
  });
  return { seconds: (performance.now() - started) / 1000, merged };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudlab-bench-upload-'));
try {
  console.log(`bench:upload: ${(BYTES / MB).toFixed(0)} MiB in ${CHUNKS} chunks of ${CHUNK_SIZE} bytes; data folder ${dataDir}`);
  const app = await buildApp({ config: { dataDir, databaseUrl: null, adminPassword: PASSWORD, expiryNotice: null }, adminPasswordFinal: true });
  await app.close();

  const disk = await syncedWriteSpeed(dataDir);
  console.log(`disk: ${(disk / MB).toFixed(1)} MB/s synced write (${(BYTES / MB).toFixed(0)} MiB, then fdatasync)`);

  const hash = createHash('md5');
  for (let n = 1; n <= CHUNKS; n++) hash.update(chunkOf(n));
  const identifier = hash.digest('hex');

  const server = startProcess(path.join(PROJECT_ROOT, 'server/main.ts'), {
    HOST: '127.0.0.1',
    PORT: String(PORT),
    LOG_LEVEL: 'warn',
    CLOUDLAB_DATA_DIR: dataDir,
    CLOUDLAB_CLIENT_DIR: path.join(dataDir, 'no-client'),
    CLOUDLAB_EXPIRY_NOTICE_DAYS: '0',
  });
  try {
    await waitForHttp(`http://127.0.0.1:${PORT}/readyz`, 120_000);
    const login = (await fetch(`http://127.0.0.1:${PORT}/sys/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    }).then((r) => r.json())) as { result: { token: string } };
    const headers = { 'x-access-token': login.result.token, tenant_id: '1' };
    const run = await peakRss(server.pid!, () => upload(headers, identifier));
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
    console.log(`server RSS: ${run.beforeMb.toFixed(0)} MB before → peak ${run.peakMb.toFixed(0)} MB (≤ 200 MB) ${run.peakMb <= 200 ? 'OK' : 'OVER'}`);
  } finally {
    await stopProcess(server);
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
