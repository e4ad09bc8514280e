import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

/** spec 000 §9: the chunk size the uploader sends */
export const CHUNK_SIZE = 5_242_880;
/** the largest file the chunked uploader accepts (a limit on what is received, not on what is declared) */
export const MAX_CHUNKED_FILE_BYTES = 4 * 1024 ** 3;
/** chunks untouched this long belong to an abandoned upload and are removed */
export const ABANDONED_AFTER_MS = 24 * 3600 * 1000;

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
 * Chunks under <dataDir>/chunks/<owner>/<identifier>/<n>: one folder per uploader, so a merge only ever
 * sees its own uploader's chunks. Each chunk is written to a temp file and renamed, so a chunk on disk
 * is always whole and a re-sent one simply replaces it.
 */
export function createChunkStore(dataDir: string) {
  const root = path.join(dataDir, 'chunks');
  fs.mkdirSync(root, { recursive: true });
  const ownerDir = (tenantId: number, userId: string) => path.join(root, `${tenantId}-${createHash('sha256').update(userId).digest('hex').slice(0, 32)}`);
  const dirOf = (tenantId: number, userId: string, identifier: string) => path.join(ownerDir(tenantId, userId), identifier);

  return {
    /** the chunk numbers already stored for this upload, ascending */
    async done(tenantId: number, userId: string, plan: ChunkPlan): Promise<number[]> {
      const dir = dirOf(tenantId, userId, plan.identifier);
      const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
      const numbers: number[] = [];
      for (const name of names) {
        if (!/^\d+$/.test(name)) continue;
        const n = Number(name);
        const stat = await fs.promises.stat(path.join(dir, name)).catch(() => null);
        if (n >= 1 && n <= plan.totalChunks && stat?.size === expectedChunkSize(plan, n)) numbers.push(n);
      }
      return numbers.sort((a, b) => a - b);
    },
    /** stores one chunk; answers the bytes received (the caller compares them with the plan) */
    async write(tenantId: number, userId: string, identifier: string, n: number, source: Readable): Promise<number> {
      const dir = dirOf(tenantId, userId, identifier);
      await fs.promises.mkdir(dir, { recursive: true });
      const temp = path.join(dir, `.${randomUUID()}.part`);
      let size = 0;
      source.on('data', (chunk: Buffer) => (size += chunk.length));
      try {
        await pipeline(source, fs.createWriteStream(temp, { flags: 'wx' }));
      } catch (error) {
        await fs.promises.rm(temp, { force: true });
        throw error;
      }
      if ((source as Readable & { truncated?: boolean }).truncated) {
        await fs.promises.rm(temp, { force: true });
        return -1;
      }
      await fs.promises.rename(temp, path.join(dir, String(n)));
      return size;
    },
    /** removes a chunk that did not match the plan */
    async drop(tenantId: number, userId: string, identifier: string, n: number): Promise<void> {
      await fs.promises.rm(path.join(dirOf(tenantId, userId, identifier), String(n)), { force: true });
    },
    /** the chunks in order, for the merge */
    paths(tenantId: number, userId: string, plan: ChunkPlan): string[] {
      return Array.from({ length: plan.totalChunks }, (_, i) => path.join(dirOf(tenantId, userId, plan.identifier), String(i + 1)));
    },
    async clear(tenantId: number, userId: string, identifier: string): Promise<void> {
      await fs.promises.rm(dirOf(tenantId, userId, identifier), { recursive: true, force: true });
    },
    /** removes uploads whose folder has not changed for ABANDONED_AFTER_MS; answers how many */
    async sweep(now = Date.now()): Promise<number> {
      let removed = 0;
      for (const owner of await fs.promises.readdir(root).catch(() => [] as string[])) {
        for (const upload of await fs.promises.readdir(path.join(root, owner)).catch(() => [] as string[])) {
          const dir = path.join(root, owner, upload);
          const stat = await fs.promises.stat(dir).catch(() => null);
          if (stat && now - stat.mtimeMs > ABANDONED_AFTER_MS) {
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

/** Concatenates the chunks into `target`, answering the MD5 and size of what was written. */
export async function concatChunks(chunks: string[], target: string): Promise<{ md5: string; size: number }> {
  const hash = createHash('md5');
  let size = 0;
  const out = fs.createWriteStream(target, { flags: 'wx' });
  const closed = new Promise<void>((resolve, reject) => {
    out.on('finish', resolve);
    out.on('error', reject);
  });
  try {
    for (const chunk of chunks) {
      for await (const data of fs.createReadStream(chunk) as AsyncIterable<Buffer>) {
        hash.update(data);
        size += data.length;
        if (!out.write(data)) await once(out, 'drain');
      }
    }
  } finally {
    out.end();
  }
  await closed;
  return { md5: hash.digest('hex'), size };
}
