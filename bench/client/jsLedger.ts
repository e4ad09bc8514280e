import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';

export interface JsFile {
  url: string;
  /** the body gzipped here (level 6, a common server default): what the budgets count, the same for every page */
  gzipBytes: number;
  /** what crossed the wire: brotli for the app's own files (the build precompresses them), raw for the hand-written page */
  transferBytes: number;
  rawBytes: number;
}

/**
 * Every JavaScript response of a page, sized as gzip. The budgets are in gzip bytes and compare pages
 * served differently (the app's files go out as brotli, the hand-written page's raw), so each body is
 * gzipped here alike; what was actually sent is kept beside it.
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
  const transferBytes = encoding && encoding !== 'identity' ? (await response.request().sizes()).responseBodySize : body.length;
  return { url: response.url(), gzipBytes: gzipSync(body).length, transferBytes, rawBytes: body.length };
}

export const totalGzip = (files: readonly JsFile[]) => files.reduce((sum, f) => sum + f.gzipBytes, 0);
export const largestGzip = (files: readonly JsFile[]) =>
  files.reduce((max, f) => (f.gzipBytes > max.gzipBytes ? f : max), files[0] ?? { url: '', gzipBytes: 0, transferBytes: 0, rawBytes: 0 });
