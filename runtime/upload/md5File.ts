import SparkMD5 from 'spark-md5';

/** spec 000 §9: the hash reads the file in 10,240,000-byte slices */
export const HASH_SLICE_BYTES = 10_240_000;

/** The hex MD5 of a file, read slice by slice so a 1 GiB file never sits in memory whole. */
export async function md5File(file: Blob, sliceBytes = HASH_SLICE_BYTES, onProgress?: (done: number) => void): Promise<string> {
  const spark = new SparkMD5.ArrayBuffer();
  for (let start = 0; start < file.size; start += sliceBytes) {
    spark.append(await file.slice(start, Math.min(file.size, start + sliceBytes)).arrayBuffer());
    onProgress?.(Math.min(file.size, start + sliceBytes));
  }
  return spark.end();
}
