import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';
import { PROJECT_ROOT } from '../server/config.js';
import { newestMtime } from './clientBuild.js';

// `npm start` runs the server as plain JavaScript (node dist/server/main.js), not under tsx: tsx keeps a
// loader thread with its own V8 heap and a source map per module, which the idle server paid for in memory
// (issue 8's upload budget; figures in bench/uploadChunked.ts). The bundle holds this checkout's own code
// only; packages stay in node_modules. It is rebuilt when any input is newer than the stamp written after
// the last build, or when the checkout moved.
const INPUTS = ['server', 'runtime', 'schemas/meta', 'scripts/serverBuild.ts', 'package-lock.json', 'tsconfig.json', 'tsconfig.base.json'];
const OUT_DIR = path.join(PROJECT_ROOT, 'dist', 'server');
export const SERVER_BUNDLE = path.join(OUT_DIR, 'main.js');
const STAMP = path.join(OUT_DIR, '.build-stamp');

export function serverBuildIsStale(): boolean {
  if (!fs.existsSync(STAMP) || !fs.existsSync(SERVER_BUNDLE)) return true;
  if (fs.readFileSync(STAMP, 'utf8') !== PROJECT_ROOT) return true;
  const built = fs.statSync(STAMP).mtimeMs;
  return INPUTS.some((input) => newestMtime(path.join(PROJECT_ROOT, input)) > built);
}

/**
 * Each source file keeps its own `import.meta.url` in the bundle: the server finds the project root, its
 * worker scripts (plain .js files next to their sources) and its README files relative to its sources.
 */
const sourceLocations: Plugin = {
  name: 'source-locations',
  setup(build) {
    // a package's JSON data is bundled (esbuild would drop its import attribute, which node requires)
    build.onResolve({ filter: /^[@a-z][^:]*\.json$/ }, (args) => ({ path: createRequire(path.join(args.resolveDir, 'index.js')).resolve(args.path) }));
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.split(path.sep).includes('node_modules')) return undefined;
      const text = await fs.promises.readFile(args.path, 'utf8');
      return { contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' };
    });
  },
};

/** Bundles server/main.ts into dist/server/main.js with esbuild unless the bundle is newer than every input; answers its path. */
export async function ensureServerBuild(log: (line: string) => void = console.log): Promise<string> {
  if (!serverBuildIsStale()) return SERVER_BUNDLE;
  log('Building the server (dist/server is missing or older than its sources)…');
  const { build } = await import('esbuild');
  await build({
    entryPoints: [path.join(PROJECT_ROOT, 'server', 'main.ts')],
    outfile: SERVER_BUNDLE,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    plugins: [sourceLocations],
  });
  fs.writeFileSync(STAMP, PROJECT_ROOT);
  return SERVER_BUNDLE;
}
