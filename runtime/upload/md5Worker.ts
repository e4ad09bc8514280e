/// <reference lib="webworker" />
import { md5File } from './md5File';

// Hashing a large file takes seconds: it runs here so the page keeps answering.
self.onmessage = (event: MessageEvent<Blob>) => {
  md5File(event.data).then(
    (md5) => self.postMessage({ md5 }),
    (error: unknown) => self.postMessage({ error: String(error) }),
  );
};
