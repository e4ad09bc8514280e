import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../../server/config.js';

/** Where the browser finds the baseline: under the app's origin, so its API call needs no CORS. */
export const HAND_WRITTEN_BASE = '/bench-hand-written/';

/**
 * Builds bench/handWrittenPage with Vite's defaults and the app's React plugin (vite.config.ts is not read) into a temporary
 * folder, never into dist/client. Answers the folder; the caller removes it.
 */
export async function buildHandWrittenPage(): Promise<string> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudlab-bench-hand-written-'));
  const [{ build }, { default: react }] = await Promise.all([import('vite'), import('@vitejs/plugin-react')]);
  await build({
    root: path.join(PROJECT_ROOT, 'bench', 'handWrittenPage'),
    base: HAND_WRITTEN_BASE,
    configFile: false,
    // the app's plugin, so both builds transform and minify alike
    plugins: [react()],
    envDir: false,
    publicDir: false,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 5000 },
  });
  return outDir;
}
