import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * security.md §22: the headers on every answer, as helmet sets them for these options. The CSP allows
 * no eval (tests/e2e/csp.test.ts proves the client runs under it); styles stay 'unsafe-inline' because
 * antd's CSS-in-JS injects <style> elements at run time.
 */
export const securityHeaderOptions: FastifyHelmetOptions = {
  global: true,
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'self'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
  },
  crossOriginEmbedderPolicy: false,
  referrerPolicy: { policy: 'same-origin' },
};

/** The names of a response's headers as they go on the wire (Node ≥ 15.13; missing from this @types/node). */
export function rawHeaderNames(response: ServerResponse): string[] {
  return (response as ServerResponse & { getRawHeaderNames(): string[] }).getRawHeaderNames();
}

/**
 * The headers helmet sets for `options`, in its order and spelling. They depend on the options only
 * (no nonces, no per-route options here), so helmet runs once, on a real, unsent response, instead of
 * rebuilding its middleware and re-validating every directive on each request as @fastify/helmet does
 * (about 6 % of a list request's CPU in the profile). tests/server/securityHeaders.test.ts compares
 * the answers against @fastify/helmet's for the same options.
 */
export function helmetHeaders(options: FastifyHelmetOptions): [string, string][] {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the plugin's own options are not helmet's
  const { global, enableCSPNonces, ...helmetOptions } = options;
  if (enableCSPNonces) throw new Error('CSP nonces differ per request: precomputed headers cannot carry them');
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  let failure: unknown = null;
  helmet(helmetOptions as HelmetOptions)(request, response, (error?: unknown) => (failure = error ?? null));
  if (failure) throw failure as Error;
  return rawHeaderNames(response).map((name) => [name, String(response.getHeader(name))]);
}

async function securityHeadersPlugin(app: FastifyInstance, options: FastifyHelmetOptions): Promise<void> {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of headers) raw.setHeader(name, value);
    done();
  });
}

/** Sets the security headers on every answer of the app (not encapsulated), computed once at start. */
export const securityHeaders = fp(securityHeadersPlugin, { name: 'cloudlab-security-headers' });
