import { buildApp } from './app.js';
import { loadConfig } from './config.js';

const config = loadConfig();
const app = await buildApp({
  config,
  logger: { level: process.env.LOG_LEVEL ?? 'info' },
  onGeneratedAdminPassword(password) {
    // Printed once, on the console only: it is never stored in clear and never logged again.
    process.stdout.write(
      `\n  Cloudlab created the administrator account.\n  username: admin\n  password: ${password}\n  You will be asked to change it at first sign-in.\n\n`,
    );
  },
});

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: draining requests and closing`);
  const timer = setTimeout(() => {
    app.log.error('shutdown took longer than 10 s; exiting');
    process.exit(1);
  }, 10_000);
  timer.unref();
  // Connections busy when closing began go idle once their response is out; keep-alive clients would
  // then hold them open until their timeout, so keep closing idle ones until the server is done.
  const sweeper = setInterval(() => app.server.closeIdleConnections(), 100);
  sweeper.unref();
  await app.close();
  clearInterval(sweeper);
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`Cloudlab is serving on http://localhost:${config.port} (${app.ctx.db.dialect})`);
