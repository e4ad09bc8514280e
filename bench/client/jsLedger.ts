import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';

export interface JsFile {
  url: string;
  /** what crosses the wire compressed: the encoded size when the server compresses, else our own gzip (level 6, a common server default) */
  gzipBytes: number;
  rawBytes: number;
}

/**
 * Every JavaScript response of a page, sized as gzip. The server does not compress today, so the bodies
 * are gzipped here; should it start to, the encoded size it sent is used instead.
 */
export class JsLedger {
  private readonly sizes = new Map<string, Promise<JsFile>>();

  constructor(page: Page) {
    page.on('response', (response) => {
      if (!isJavaScript(response) || this.sizes.has(response.url())) return;
      const size = sizeOf(response);
      // a page closed before its body was read: only an error if someone asks for that file
      size.catch(() => undefined);
      this.sizes.set(response.url(), size);
    });
  }

  /** The files among `urls` (in that order); a URL the ledger never saw is an error, not a zero. */
  async files(urls: readonly string[]): Promise<JsFile[]> {
    return Promise.all(
      [...new Set(urls)].map((url) => {
        const size = this.sizes.get(url);
        if (!size) throw new Error(`no JavaScript response recorded for ${url}`);
        return size;
      }),
    );
  }

  async all(): Promise<JsFile[]> {
    return Promise.all(this.sizes.values());
  }
}

function isJavaScript(response: Response): boolean {
  return /javascript/.test(response.headers()['content-type'] ?? '');
}

async function sizeOf(response: Response): Promise<JsFile> {
  const body = await response.body();
  const encoding = response.headers()['content-encoding'];
  const gzipBytes = encoding && encoding !== 'identity' ? (await response.request().sizes()).responseBodySize : gzipSync(body).length;
  return { url: response.url(), gzipBytes, rawBytes: body.length };
}

export const totalGzip = (files: readonly JsFile[]) => files.reduce((sum, f) => sum + f.gzipBytes, 0);
export const largestGzip = (files: readonly JsFile[]) =>
  files.reduce((max, f) => (f.gzipBytes > max.gzipBytes ? f : max), files[0] ?? { url: '', gzipBytes: 0, rawBytes: 0 });
