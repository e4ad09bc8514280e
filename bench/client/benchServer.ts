import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../../server/config.js';
import { startProcess, stopProcess, waitForHttp } from '../processes.js';

export const ADMIN_PASSWORD = 'Bench2026pass';
const FIRST_PASSWORD = 'BenchFirst2026';
/** A full first page of the positions list (its page size is 20). */
const POSITIONS = 20;

export interface BenchServer {
  origin: string;
  /** an admin token for API calls made outside the browser (seeding, the hand-written page) */
  token: string;
  stop(): Promise<void>;
}

/** The real server (built client included) on a throwaway SQLite folder, with positions to list. */
export async function startBenchServer(port: number): Promise<BenchServer> {
  const origin = `http://127.0.0.1:${port}`;
  // a server left over on the port would answer in this one's place, with its own data
  if (
    await fetch(`${origin}/healthz`).then(
      () => true,
      () => false,
    )
  )
    throw new Error(`port ${port} is already in use (--port=… chooses another)`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudlab-bench-client-'));
  const child = startProcess(path.join(PROJECT_ROOT, 'server/main.ts'), {
    PORT: String(port),
    HOST: '127.0.0.1',
    CLOUDLAB_DATA_DIR: dataDir,
    CLOUDLAB_ADMIN_PASSWORD: FIRST_PASSWORD,
    LOG_LEVEL: 'warn',
  });
  // should the benchmark die without cleaning up, the server must not outlive it
  const killOnExit = () => {
    child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('exit', killOnExit);
  const stop = async () => {
    process.off('exit', killOnExit);
    await stopProcess(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHttp(`${origin}/readyz`);
    const token = await signIn(origin, await changeFirstPassword(origin));
    await seedPositions(origin, token);
    return { origin, token, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function signIn(origin: string, password: string): Promise<string> {
  const res = await fetch(`${origin}/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });
  const body = (await res.json()) as { success: boolean; message: string; result: { token: string } };
  if (!body.success) throw new Error(`bench sign-in failed: ${body.message}`);
  return body.result.token;
}

/** The first admin password must be changed at first sign-in, as a real install does; returns the new one. */
async function changeFirstPassword(origin: string): Promise<string> {
  const token = await signIn(origin, FIRST_PASSWORD);
  const res = await fetch(`${origin}/sys/user/updatePassword`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'x-access-token': token },
    body: JSON.stringify({ username: 'admin', oldpassword: FIRST_PASSWORD, password: ADMIN_PASSWORD, confirmpassword: ADMIN_PASSWORD }),
  });
  const body = (await res.json()) as { success: boolean; message: string };
  if (!body.success) throw new Error(`bench password change failed: ${body.message}`);
  return ADMIN_PASSWORD;
}

async function seedPositions(origin: string, token: string): Promise<void> {
  for (let i = 1; i <= POSITIONS; i++) {
    const res = await fetch(`${origin}/api/permission/Position`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-access-token': token },
      body: JSON.stringify({ fullName: `检测岗位${i}`, enCode: `BP${i}`, sortCode: i, description: `第${i}号岗位的职责说明` }),
    });
    const body = (await res.json()) as { code: number; msg: string };
    if (body.code !== 200) throw new Error(`seeding position ${i} failed: ${body.msg}`);
  }
}
