import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../server/config.js';

// The client build is stale when any input is newer than the stamp written after the last build.
const INPUTS = [
  'src',
  'runtime',
  'designer',
  'schemas/meta',
  'index.html',
  'vite.config.ts',
  'scripts/routeChunks.ts',
  'scripts/antdStylesPlugin.ts',
  'scripts/antdFirstScreenStyles.ts',
  'scripts/precompressPlugin.ts',
  'package-lock.json',
];
const OUT_DIR = path.join(PROJECT_ROOT, 'dist', 'client');
const STAMP = path.join(OUT_DIR, '.build-stamp');

/** The newest modification time under `target` (a file or a folder), skipping node_modules and dot files; 0 when missing. */
export function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(target, { withFileTypes: true })
    .filter((e) => e.name !== 'node_modules' && !e.name.startsWith('.'))
    .reduce((max, e) => Math.max(max, newestMtime(path.join(target, e.name))), stat.mtimeMs);
}

export function clientBuildIsStale(): boolean {
  if (!fs.existsSync(STAMP) || !fs.existsSync(path.join(OUT_DIR, 'index.html'))) return true;
  const built = fs.statSync(STAMP).mtimeMs;
  return INPUTS.some((input) => newestMtime(path.join(PROJECT_ROOT, input)) > built);
}

/** Builds the client with Vite unless dist/client is already newer than every input. */
export async function ensureClientBuild(log: (line: string) => void = console.log): Promise<void> {
  if (!clientBuildIsStale()) return;
  log('Building the client (dist/client is missing or older than its sources)…');
  const { build } = await import('vite');
  await build({ root: PROJECT_ROOT, logLevel: 'warn' });
  fs.writeFileSync(STAMP, new Date().toISOString());
}
