import JSZip from 'jszip';
import yauzl from 'yauzl';
import { AppError, appError } from '../errors.js';
import type { FolderFiles } from './moduleFolder.js';

/** A module folder is a few dozen small JSON files; anything far beyond is not one. */
const MAX_ENTRIES = 300;
const MAX_UNPACKED_BYTES = 5 * 1024 * 1024;
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const SAFE_PATH = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/;

/** The folder as a zip (and any extra files, e.g. a README), deflated. */
export async function zipFolder(files: FolderFiles): Promise<Buffer> {
  const zip = new JSZip();
  for (const [path, text] of [...files].sort(([a], [b]) => a.localeCompare(b))) zip.file(path, text);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/**
 * The text files of an uploaded module zip, read with limits before anything is parsed (an archive
 * that unpacks past its declared sizes, or to megabytes, is refused): entries with a safe relative path
 * ending in .json or .md; folders and anything else are skipped.
 */
export async function readZip(file: Buffer): Promise<FolderFiles> {
  if (!file.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC)) throw appError('CL_ERR_MODULE_FILE');
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(file, { lazyEntries: true, validateEntrySizes: true, strictFileNames: true });
  } catch (error) {
    throw appError('CL_ERR_MODULE_FILE_BROKEN', {}, undefined, { cause: error });
  }
  const files: FolderFiles = new Map();
  try {
    if (zip.entryCount > MAX_ENTRIES) throw appError('CL_ERR_MODULE_FILE_UNSAFE');
    let unpacked = 0;
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName.endsWith('/')) continue;
      if (!SAFE_PATH.test(entry.fileName) || entry.fileName.includes('..') || !/\.(json|md)$/.test(entry.fileName)) continue;
      unpacked += entry.uncompressedSize;
      if (unpacked > MAX_UNPACKED_BYTES) throw appError('CL_ERR_MODULE_FILE_UNSAFE');
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of await zip.openReadStreamPromise(entry)) {
        size += (chunk as Buffer).length;
        if (size > MAX_UNPACKED_BYTES) throw appError('CL_ERR_MODULE_FILE_UNSAFE');
        chunks.push(chunk as Buffer);
      }
      files.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw appError('CL_ERR_MODULE_FILE_BROKEN', {}, undefined, { cause: error });
  } finally {
    zip.close();
  }
  return files;
}
