import yauzl from 'yauzl';
import { AppError, appError } from '../../errors.js';

export interface ZipLimits {
  maxEntries: number;
  /** the sum of every entry's unpacked size */
  maxUnpackedBytes: number;
}

export const XLSX_ZIP_LIMITS: ZipLimits = { maxEntries: 200, maxUnpackedBytes: 100 * 1024 * 1024 };

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/**
 * An upload is parsed as a workbook only after this check (security.md §18): an .xlsx is a zip, and
 * a zip bomb (a few KB that unpack to gigabytes, or thousands of entries) would take the server's
 * memory down inside the spreadsheet parser. The central directory is read first (entry count,
 * declared sizes); then every entry is inflated and counted, discarding the bytes, because declared
 * sizes can lie — yauzl's validateEntrySizes fails an entry that inflates past its declared size.
 * The type is decided by content (magic bytes), not by the name: an Excel 97-2003 file is refused
 * with its own message.
 */
export async function checkXlsxZip(file: Buffer, limits: ZipLimits = XLSX_ZIP_LIMITS): Promise<void> {
  if (file.subarray(0, OLE_MAGIC.length).equals(OLE_MAGIC)) throw appError('CL_ERR_IMPORT_LEGACY_XLS');
  if (!file.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC)) throw appError('CL_ERR_IMPORT_FILE_TYPE');
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(file, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false });
  } catch (error) {
    throw appError('CL_ERR_IMPORT_FILE_BROKEN', {}, undefined, { cause: error });
  }
  try {
    if (zip.entryCount > limits.maxEntries) throw appError('CL_ERR_IMPORT_FILE_UNSAFE');
    let declared = 0;
    let inflated = 0;
    let hasWorkbook = false;
    for await (const entry of zip.eachEntry()) {
      declared += entry.uncompressedSize;
      if (declared > limits.maxUnpackedBytes) throw appError('CL_ERR_IMPORT_FILE_UNSAFE');
      if (entry.fileName === 'xl/workbook.xml') hasWorkbook = true;
      if (entry.fileName.endsWith('/')) continue;
      const stream = await zip.openReadStreamPromise(entry);
      for await (const chunk of stream) {
        inflated += (chunk as Buffer).length;
        if (inflated > limits.maxUnpackedBytes) {
          stream.destroy();
          throw appError('CL_ERR_IMPORT_FILE_UNSAFE');
        }
      }
    }
    if (!hasWorkbook) throw appError('CL_ERR_IMPORT_FILE_TYPE');
  } catch (error) {
    if (error instanceof AppError) throw error;
    // a size that does not match its declaration, a broken deflate stream, a truncated file
    const code = /too many|exceed|size/i.test((error as Error)?.message ?? '') ? 'CL_ERR_IMPORT_FILE_UNSAFE' : 'CL_ERR_IMPORT_FILE_BROKEN';
    throw appError(code, {}, undefined, { cause: error });
  } finally {
    zip.close();
  }
}
