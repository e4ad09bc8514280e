import { md5File } from './md5File';

/** The file's MD5, computed in a worker where the browser has them, else on this thread. */
export function hashFile(file: Blob): Promise<string> {
  if (typeof Worker === 'undefined') return md5File(file);
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./md5Worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<{ md5?: string; error?: string }>) => {
      worker.terminate();
      if (event.data.md5) resolve(event.data.md5);
      else reject(new Error(event.data.error ?? 'md5 worker failed'));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message));
    };
    worker.postMessage(file);
  });
}
