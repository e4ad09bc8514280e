import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { checkFileType, EXTENSIONS, SNIFF_BYTES } from './magicBytes.js';

/** What the store keeps about one upload; the client's name is metadata only (security.md rule 14). */
export interface StoredFile {
  /** generated: `<uuid>.<ext>` */
  name: string;
  originalName: string;
  extension: string;
  contentType: string;
  size: number;
  md5: string;
  /** one of FILE_BUCKETS */
  bucket: string;
  tenantId: number;
  userId: string;
  createTime: string;
}

/** The fixed set of storage buckets (`biz` of /sys/common/upload, `type` of the chunked uploader). */
export const FILE_BUCKETS = ['temp', 'annex', 'image', 'avatar', 'document', 'userfile'] as const;
export const DEFAULT_BUCKET = 'temp';
const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{1,8}$/;

/** The first SNIFF_BYTES of a file, for checkFileType. */
export async function readHead(file: string): Promise<Uint8Array> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export function isBucket(value: string): boolean {
  return (FILE_BUCKETS as readonly string[]).includes(value);
}

/**
 * Files under <dataDir>/files, outside anything served statically: blobs by content MD5 (so an identical
 * file is stored once and a re-upload is instant), and one record per upload naming its blob. Writes go
 * to a temp file first and are renamed into place, so a reader never sees half a file.
 */
export function createFileStore(dataDir: string) {
  const root = path.join(dataDir, 'files');
  const blobs = path.join(root, 'blobs');
  const records = path.join(root, 'records');
  const tmp = path.join(root, 'tmp');
  // <tenant>/<md5>: which tenants stored which content, so an instant upload never reveals another tenant's file
  const owners = path.join(root, 'owners');
  for (const dir of [blobs, records, tmp, owners]) fs.mkdirSync(dir, { recursive: true });
  const ownerMark = (tenantId: number, md5: string) => path.join(owners, String(tenantId), md5);

  const blobPath = (md5: string) => path.join(blobs, md5);
  const recordPath = (name: string) => path.join(records, `${name}.json`);
  const tempPath = () => path.join(tmp, randomUUID());

  async function writeRecord(file: Omit<StoredFile, 'name' | 'createTime'>): Promise<StoredFile> {
    const record: StoredFile = { ...file, name: `${randomUUID()}.${file.extension}`, createTime: new Date().toISOString() };
    const temp = tempPath();
    await fs.promises.writeFile(temp, JSON.stringify(record));
    await fs.promises.rename(temp, recordPath(record.name));
    await fs.promises.mkdir(path.dirname(ownerMark(file.tenantId, file.md5)), { recursive: true });
    await fs.promises.writeFile(ownerMark(file.tenantId, file.md5), '');
    return record;
  }

  return {
    tempPath,
    blobPathOf: blobPath,
    /** whether this tenant already stored content with this MD5 and size (instant upload) */
    async hasBlob(tenantId: number, md5: string, size: number): Promise<boolean> {
      if (!fs.existsSync(ownerMark(tenantId, md5))) return false;
      const stat = await fs.promises.stat(blobPath(md5)).catch(() => null);
      return stat !== null && stat.size === size;
    },
    /** moves a verified temp file into the blob store (an existing identical blob is kept) */
    async adoptBlob(temp: string, md5: string): Promise<void> {
      if (fs.existsSync(blobPath(md5))) await fs.promises.rm(temp, { force: true });
      else await fs.promises.rename(temp, blobPath(md5));
    },
    writeRecord,
    /**
     * Stores an uploaded stream: written to a temp file while hashing, then its first bytes decide the
     * type (checkFileType); a refused or truncated upload leaves nothing behind. Answers the record, or
     * the reason it was refused.
     */
    async saveUpload(
      source: Readable & { truncated?: boolean },
      meta: Pick<StoredFile, 'originalName' | 'bucket' | 'tenantId' | 'userId'>,
    ): Promise<StoredFile | 'type' | 'size'> {
      const temp = tempPath();
      const hash = createHash('md5');
      let size = 0;
      source.on('data', (chunk: Buffer) => {
        hash.update(chunk);
        size += chunk.length;
      });
      try {
        await pipeline(source, fs.createWriteStream(temp, { flags: 'wx' }));
        if (source.truncated) return 'size';
        const type = checkFileType(meta.originalName, await readHead(temp));
        if (!type) return 'type';
        const md5 = hash.digest('hex');
        await this.adoptBlob(temp, md5);
        return await writeRecord({ ...meta, ...type, size, md5 });
      } finally {
        await fs.promises.rm(temp, { force: true });
      }
    },
    /** the record of a generated name, or null (names that are not generated never reach the disk) */
    async find(name: string): Promise<StoredFile | null> {
      if (!STORED_NAME.test(name)) return null;
      const text = await fs.promises.readFile(recordPath(name), 'utf8').catch(() => null);
      return text ? (JSON.parse(text) as StoredFile) : null;
    },
    open(file: StoredFile): fs.ReadStream {
      return fs.createReadStream(blobPath(file.md5));
    },
    contentTypeOf(extension: string): string {
      return EXTENSIONS[extension]?.contentType ?? 'application/octet-stream';
    },
  };
}

export type FileStore = ReturnType<typeof createFileStore>;
