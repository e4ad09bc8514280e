export function isBlob(value: unknown): value is Blob {
  return typeof Blob !== 'undefined' && value instanceof Blob;
}

async function blobText(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

/**
 * A download (responseType 'blob') that failed still carries a JSON envelope, only wrapped in a Blob
 * (spec 000 §8: "blob responses are parsed for the same case"). Such a blob is read back into the
 * envelope; a real file stays a Blob.
 */
export async function readBody(data: unknown, status: number): Promise<unknown> {
  if (!isBlob(data)) return data;
  const failed = status < 200 || status >= 300;
  if (!failed && !/json/i.test(data.type)) return data;
  const text = await blobText(data);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return failed ? text : data;
  }
}
