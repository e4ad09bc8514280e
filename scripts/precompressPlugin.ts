import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Files worth compressing: text. Images and fonts of the build are compressed formats already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|wasm)$/;
/** Below this, a compressed copy saves less than a packet and costs the server a lookup: served as it is. */
export const MIN_PRECOMPRESS_BYTES = 1024;

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside each compressible file of at
 * least MIN_PRECOMPRESS_BYTES under `dir`, and answers how many files it compressed. Both copies are made once,
 * at build time, at the highest levels (brotli 11 is too slow to run per request: seconds for the whole client);
 * the server then sends the copy the browser accepts (staticClient: preCompressed). The work runs on libuv's
 * thread pool, all files at once.
 */
export async function precompressFiles(dir: string, files: readonly string[]): Promise<number> {
  const chosen: string[] = [];
  await Promise.all(
    files
      .filter((file) => COMPRESSIBLE.test(file))
      .map(async (file) => {
        const full = path.join(dir, file);
        const content = await fs.readFile(full);
        if (content.length < MIN_PRECOMPRESS_BYTES) return;
        chosen.push(file);
        const [br, gz] = await Promise.all([
          brotli(content, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
          gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
        ]);
        await Promise.all([fs.writeFile(`${full}.br`, br), fs.writeFile(`${full}.gz`, gz)]);
      }),
  );
  return chosen.length;
}

/**
 * Compresses what a production build wrote (its chunks, stylesheets and index.html), so that the server
 * sends a visit's JavaScript as brotli or gzip instead of raw: the list page's first screen is ~1.7 MB raw and
 * ~0.47 MB gzip. Only when the build writes (the route-chunk planning build does not).
 */
export function precompressPlugin(): Plugin {
  return {
    name: 'cloudlab:precompress',
    apply: 'build',
    async writeBundle(output, bundle) {
      if (!output.dir) return;
      await precompressFiles(output.dir, Object.keys(bundle));
    },
  };
}
