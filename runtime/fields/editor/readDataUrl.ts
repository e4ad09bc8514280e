/**
 * A local image as a data: URL, embedded in the document (CSP img-src allows data:): the stored-file
 * routes need the token header, which an <img> in the document cannot send. Callers check the file
 * with checkImage first (image only, default 5 MB).
 */
export function readDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}
