import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** The headers helmet would set for these options, computed once. */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as never, response as never, () => {});
  return headers;
}

/**
 * security.md §22 headers on every answer. helmet decides what they say; since none of ours varies by
 * request (no nonces), they are computed once at startup instead of re-parsing the CSP directives on
 * every request as @fastify/helmet does (a measurable share of a list request's CPU).
 */
async function securityHeaders(app: FastifyInstance, options: HelmetOptions): Promise<void> {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
}

export default fp(securityHeaders, { name: 'cloudlab-security-headers' });
