import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { antdStylesPlugin } from './scripts/antdStylesPlugin.js';

// Files and cases run in a random order so that no test can lean on another's leftovers; a failing
// order is replayed with CLOUDLAB_TEST_SEED=<the seed vitest prints>.
const seed = Number(process.env.CLOUDLAB_TEST_SEED) || Math.floor(Math.random() * 1_000_000);

export default defineConfig({
  // antd generates every style at run time under test, as it does for any theme but the default
  plugins: [react(), antdStylesPlugin({ prerender: false })],
  test: {
    sequence: { shuffle: true, seed },
    // CI runs everything once, on a loaded two-core machine, and a red run lands nothing: a case that fails
    // once and passes on its retry is reported as retried (and looked into: the closing note names it), a
    // case failing twice still fails the run. Locally a failure stays a failure.
    retry: process.env.CI ? 1 : 0,
    // Run mode defaults to availableParallelism - 1 workers: one on the two-core CI machine, where the suite
    // then took ~1,400 s of a 60-minute budget. Two workers took ~900 s there. The server cases wait on
    // PostgreSQL, SQLite files and sockets much of the time, so the second worker fills those waits; each
    // file's databases, folders and ports are its own, and the timing bounds allow for the other worker.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/unit/setup.ts'],
          // rendering antd forms in jsdom takes seconds when both cores are busy (seen: 5–7 s under load);
          // a timeout is a hang detector here, never a performance budget (those live in bench/)
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/helpers/announceDatabases.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
