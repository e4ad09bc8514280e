import fs from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';

/** Liveness and readiness (security.md §25): /readyz checks the database and the data folder. */
export default async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', { config: { access: 'public' } }, async () => ({ status: 'ok' }));

  app.get('/readyz', { config: { access: 'public' } }, async (_request, reply) => {
    const checks: Record<string, 'ok' | 'down'> = { database: 'ok', storage: 'ok' };
    try {
      await app.ctx.db.ping();
    } catch {
      checks.database = 'down';
    }
    try {
      await fs.access(app.ctx.config.dataDir, fs.constants.W_OK);
    } catch {
      checks.storage = 'down';
    }
    const ready = Object.values(checks).every((v) => v === 'ok');
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable', checks });
  });
}
