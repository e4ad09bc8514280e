import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureServerBuild } from '../scripts/serverBuild.js';

/**
 * A server in its own process, so the load generator and the server do not share a core; TypeScript runs
 * under tsx, a built script (scripts/serverBuild.ts, as `npm start` runs the server) with `nodeArgs` [].
 */
export function startProcess(script: string, env: Record<string, string>, nodeArgs: string[] = ['--import', 'tsx']): ChildProcess {
  const child = spawn(process.execPath, [...nodeArgs, script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return child;
}

/**
 * The server as `npm start` runs it (the compiled bundle under plain node, built if stale), alone on
 * 127.0.0.1:`port` with its data in `dataDir`, warnings only, and no client build to serve; `env` adds
 * to that (a module directory, a PostgreSQL URL).
 */
export async function startBuiltServer(port: number, dataDir: string, env: Record<string, string> = {}): Promise<ChildProcess> {
  const base = {
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    CLOUDLAB_DATA_DIR: dataDir,
    CLOUDLAB_CLIENT_DIR: path.join(dataDir, 'no-client'),
  };
  return startProcess(await ensureServerBuild(), { ...base, ...env }, []);
}

export async function waitForHttp(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** The resident memory of a process (Linux /proc), in MB. */
export function rssMb(pid: number): number {
  return Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
}

/** Runs `work` while sampling the process's resident memory every 20 ms; answers its result and the peak. */
export async function peakRss<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peakMb: number; beforeMb: number }> {
  const rss = () => rssMb(pid);
  const beforeMb = rss();
  let peakMb = beforeMb;
  const timer = setInterval(() => (peakMb = Math.max(peakMb, rss())), 20);
  try {
    const result = await work();
    return { result, peakMb: Math.max(peakMb, rss()), beforeMb };
  } finally {
    clearInterval(timer);
  }
}

/** CPU time (user + system) a process has used so far, in ms (Linux /proc; clock ticks of 10 ms). */
export function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
