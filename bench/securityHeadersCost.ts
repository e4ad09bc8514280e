// npm run bench:headers — CPU per request of the security headers: the precomputed set the server
// sends (server/plugins/securityHeaders.ts), @fastify/helmet with the same options, and the same route
// without them, alternating in one run. CPU time (process.cpuUsage) over
// in-process injects, so the machine's other load moves it less than wall time would.
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { securityHeaderOptions, securityHeaders } from '../server/plugins/securityHeaders.js';

const REQUESTS = Number(process.argv.find((a) => a.startsWith('--requests='))?.split('=')[1] ?? 20_000);
const ROUNDS = 5;

async function appWith(headers: 'none' | 'helmet' | 'precomputed'): Promise<FastifyInstance> {
  const app = Fastify();
  if (headers === 'helmet') await app.register(fastifyHelmet, securityHeaderOptions);
  if (headers === 'precomputed') await app.register(securityHeaders, securityHeaderOptions);
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

const sides = { without: await appWith('none'), helmet: await appWith('helmet'), precomputed: await appWith('precomputed') };
const samples: Record<keyof typeof sides, number[]> = { without: [], helmet: [], precomputed: [] };
for (let round = 0; round < ROUNDS; round++) {
  for (const side of Object.keys(sides) as (keyof typeof sides)[]) samples[side].push(await cpuMicrosPerRequest(sides[side]));
}
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const without = median(samples.without);
const helmet = median(samples.helmet);
const precomputed = median(samples.precomputed);
console.log(
  `security headers: ${precomputed.toFixed(1)} µs CPU/request precomputed (+${(precomputed - without).toFixed(1)} µs), ` +
    `${helmet.toFixed(1)} with @fastify/helmet (+${(helmet - without).toFixed(1)} µs), ${without.toFixed(1)} without`,
);
await Promise.all(Object.values(sides).map((app) => app.close()));
