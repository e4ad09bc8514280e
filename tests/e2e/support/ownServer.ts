import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '../../helpers/databases';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const READY_TIMEOUT_MS = 180_000;

/**
 * A server a test starts, kills and restarts itself (the shared webServer cannot be killed from a
 * test): the real server (startServer.ts) on its own port and data folder, kept across restarts so
 * the test can look at what was stored. Killing is SIGKILL to its process group: no shutdown runs.
 */
export interface OwnServer {
  url: string;
  dataDir: string;
  /** 'postgres': the server runs on a throwaway PostgreSQL database, made at the first start and dropped by dispose */
  database: 'sqlite' | 'postgres';
  start(): Promise<void>;
  kill(): Promise<void>;
  /** kills the server if it runs and removes the data folder */
  dispose(): Promise<void>;
}

async function waitReady(url: string, child: ChildProcess): Promise<void> {
  const until = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before it was ready`);
    const ready = await fetch(`${url}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server on ${url} was not ready within ${READY_TIMEOUT_MS / 1000} s`);
}

export function ownServer(port: number, options: { database?: 'sqlite' | 'postgres' } = {}): OwnServer {
  const database = options.database ?? 'sqlite';
  let postgres: TestDatabase | null = null;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudlab-e2e-own-'));
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let output = '';

  const kill = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null || running.pid === undefined) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    process.kill(-running.pid, 'SIGKILL');
    await exited;
  };

  return {
    url,
    dataDir,
    database,
    async start() {
      if (child) throw new Error('the server runs already');
      output = '';
      if (database === 'postgres') postgres ??= await createTestDatabase('postgres');
      child = spawn(process.execPath, ['--import', 'tsx', 'tests/e2e/support/startServer.ts'], {
        cwd: ROOT,
        detached: true,
        env: {
          ...process.env,
          CLOUDLAB_E2E_PORT: String(port),
          CLOUDLAB_E2E_DATA_DIR: dataDir,
          CLOUDLAB_E2E_DATABASE_URL: postgres?.databaseUrl ?? '',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', (data: Buffer) => (output += data.toString()));
      child.stderr?.on('data', (data: Buffer) => (output += data.toString()));
      try {
        await waitReady(url, child);
      } catch (error) {
        await kill();
        throw new Error(`${(error as Error).message}\n${output.slice(-2000)}`);
      }
    },
    kill,
    async dispose() {
      await kill();
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
