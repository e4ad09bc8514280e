// Started by playwright (webServer): builds the client if stale, then runs the real server on a fresh
// SQLite data folder that is removed when the process ends. With CLOUDLAB_E2E_DATABASE_URL (ownServer's
// throwaway PostgreSQL database, which it drops) the server runs on that database instead.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureClientBuild } from '../../../scripts/clientBuild.js';
import { E2E_ADMIN_PASSWORD, E2E_PORT } from './e2eEnv.js';

// a test that restarts its own server passes the data folder to keep across the restart (ownServer.ts)
const keptDir = process.env.CLOUDLAB_E2E_DATA_DIR;
const dataDir = keptDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'cloudlab-e2e-'));
if (!keptDir) process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
process.env.PORT = String(E2E_PORT);
process.env.HOST = '127.0.0.1';
process.env.CLOUDLAB_DATA_DIR = dataDir;
if (process.env.CLOUDLAB_E2E_DATABASE_URL) process.env.DATABASE_URL = process.env.CLOUDLAB_E2E_DATABASE_URL;
process.env.CLOUDLAB_ADMIN_PASSWORD = E2E_ADMIN_PASSWORD;
process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? 'warn';

await ensureClientBuild();
// The admin's first password is a fixture here: create the admin once without the first-sign-in
// change (production always asks for it), then run the real server on that database.
const { buildApp } = await import('../../../server/app.js');
await (await buildApp({ adminPasswordFinal: true })).close();
await import('../../../server/main.js');
