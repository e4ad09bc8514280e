import path from 'node:path';
import { fileURLToPath } from 'node:url';
import madge from 'madge';
import { describe, expect, it } from 'vitest';

// No import cycle in any source folder (issue 6): a cycle makes module initialisation order matter and
// ties files that should be separable. Type-only imports count too: they tie the files' design together
// the same way, and the three cycles the review found in runtime/ were partly type-only.

// jsdom replaces URL, so resolve the path rather than a URL
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FOLDERS = ['runtime', 'src', 'designer', 'server'];

describe('import cycles', () => {
  it(`finds none in ${FOLDERS.join('/, ')}/`, async () => {
    const graph = await madge(
      FOLDERS.map((folder) => path.join(ROOT, folder)),
      { baseDir: ROOT, fileExtensions: ['ts', 'tsx'], tsConfig: path.join(ROOT, 'tsconfig.json'), excludeRegExp: [/\.d\.ts$/] },
    );
    expect(Object.keys(graph.obj()).length).toBeGreaterThan(100);
    expect(graph.circular().map((cycle) => cycle.join(' > '))).toEqual([]);
  }, 240_000);
});
