import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Plugin } from 'vite';

const run = promisify(execFile);

/** What AntdScope imports: antd's styles of the first screens, prerendered (scripts/antdFirstScreenStyles.ts). */
export const ANTD_FIRST_SCREEN_CSS = 'virtual:antd-first-screen.css';
// ends in .css so that Vite's CSS pipeline takes it as it takes a stylesheet file: in a build, a stylesheet of
// the chunk importing it, which the chunk's loader waits for before running the chunk
const RESOLVED_ID = '\0antd-first-screen.css';
const SCRIPT = path.join(import.meta.dirname, 'antdFirstScreenStyles.ts');

/**
 * Serves ANTD_FIRST_SCREEN_CSS. `prerender: false` serves an empty sheet (the unit tests, where antd generates
 * every style at run time as it would for any other theme). The sheet is rendered once per process, in a child
 * process under the build's NODE_ENV (antd's class names depend on it); a failure fails the build.
 */
export function antdStylesPlugin({ prerender }: { prerender: boolean }): Plugin {
  let nodeEnv = 'production';
  const sheets = new Map<string, Promise<string>>();
  return {
    name: 'cloudlab:antd-first-screen-styles',
    configResolved(config) {
      nodeEnv = config.isProduction ? 'production' : 'development';
    },
    resolveId(id) {
      return id === ANTD_FIRST_SCREEN_CSS ? RESOLVED_ID : null;
    },
    load(id) {
      if (id !== RESOLVED_ID) return null;
      if (!prerender) return '';
      if (!sheets.has(nodeEnv)) sheets.set(nodeEnv, renderSheet(nodeEnv));
      return sheets.get(nodeEnv)!;
    },
  };
}

async function renderSheet(nodeEnv: string): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', SCRIPT], {
    env: { ...process.env, NODE_ENV: nodeEnv },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (!stdout.includes('data-ant-cssinjs-cache-path')) throw new Error(`${SCRIPT} printed no antd style map`);
  return stdout;
}
