// npm run bench:headers — CPU per request of the security headers (@fastify/helmet with our options)
// against the same route without them, alternating in one run. CPU time (process.cpuUsage) over
// in-process injects, so the machine's other load moves it less than wall time would.
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { securityHeaderOptions } from '../server/plugins/securityHeaders.js';

const REQUESTS = 20_000;
const ROUNDS = 5;

async function appWith(headers: boolean): Promise<FastifyInstance> {
  const app = Fastify();
  if (headers) await app.register(fastifyHelmet, securityHeaderOptions);
  app.get('/list', async () => ({ code: 200, data: { list: [{ id: '1', name: 'x' }], pagination: { total: 1 } } }));
  await app.ready();
  return app;
}

async function cpuMicrosPerRequest(app: FastifyInstance): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < REQUESTS; i++) await app.inject({ method: 'GET', url: '/list' });
  const used = process.cpuUsage(start);
  return (used.user + used.system) / REQUESTS;
}

const sides = { without: await appWith(false), helmet: await appWith(true) };
const samples: Record<keyof typeof sides, number[]> = { without: [], helmet: [] };
for (let round = 0; round < ROUNDS; round++) {
  for (const side of Object.keys(sides) as (keyof typeof sides)[]) samples[side].push(await cpuMicrosPerRequest(sides[side]));
}
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const without = median(samples.without);
const helmet = median(samples.helmet);
console.log(
  `security headers: ${helmet.toFixed(1)} µs CPU/request with @fastify/helmet, ${without.toFixed(1)} without (+${(helmet - without).toFixed(1)} µs, ${(helmet / without).toFixed(2)}×)`,
);
await Promise.all(Object.values(sides).map((app) => app.close()));
