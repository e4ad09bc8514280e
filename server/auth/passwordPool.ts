import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { KEY_LENGTH, PARAMS, storedHash, type PasswordHash } from './passwords.js';

// Plain CommonJS run with `eval`, so the worker needs no TypeScript loader. Each worker derives one key
// at a time with the same parameters and normalisation as hashPassword (passwords.ts) and a fresh salt.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { randomBytes, scryptSync } = require('node:crypto');
parentPort.on('message', ({ index, plain }) => {
  const salt = randomBytes(16).toString('hex');
  const key = scryptSync(plain.normalize('NFKC'), salt, workerData.keyLength, workerData.params);
  parentPort.postMessage({ index, salt, hex: key.toString('hex') });
});
`;

/** Threads a bulk hash may use: every core, at most `limit`. */
export function hashThreads(limit = 2): number {
  return Math.max(1, Math.min(limit, typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length));
}

/**
 * Hashes many first passwords (a user import) on their own worker threads, one per core, so the
 * thousands of scrypt runs neither queue behind one another nor fill libuv's pool, which sign-ins and
 * file reads of the other requests share. Each hash gets its own salt, exactly as hashPassword makes
 * it. `onProgress` hears the count done after each hash. The workers end when the batch does.
 */
export async function hashPasswords(plains: readonly string[], onProgress?: (done: number, total: number) => void): Promise<PasswordHash[]> {
  const out = new Array<PasswordHash>(plains.length);
  if (plains.length === 0) return out;
  const threads = Math.min(hashThreads(), plains.length);
  const workers = Array.from({ length: threads }, () => new Worker(WORKER_SOURCE, { eval: true, workerData: { params: PARAMS, keyLength: KEY_LENGTH } }));
  let next = 0;
  let done = 0;
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const feed = () => {
              if (next >= plains.length) return resolve();
              const index = next++;
              worker.postMessage({ index, plain: plains[index] });
            };
            worker.on('message', ({ index, salt, hex }: { index: number; salt: string; hex: string }) => {
              out[index] = storedHash(hex, salt);
              onProgress?.(++done, plains.length);
              feed();
            });
            worker.once('error', reject);
            worker.once('exit', (code) => (next < plains.length || done < plains.length ? reject(new Error(`password worker exited (${code})`)) : undefined));
            feed();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return out;
}
