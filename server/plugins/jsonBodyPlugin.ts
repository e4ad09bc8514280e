import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { appError } from '../errors.js';

/** No API body nests deeper than this (a model record with a JSON field is a handful of levels). */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether a JSON text opens more than `max` arrays/objects at once. A linear scan that stops at the
 * first level too many, so a hostile body costs microseconds instead of reaching the parser and the
 * validators, whose work grows with the nesting (ten such bodies stalled every other request).
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * JSON bodies: Fastify's own parser (prototype poisoning refused) behind the depth check. Sizes are
 * the routes' bodyLimit (the global one in buildApp, smaller on sign-in and password routes).
 */
async function jsonBodyPlugin(app: FastifyInstance): Promise<void> {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(appError('CL_ERR_BAD_REQUEST', { detail: `the body nests deeper than ${MAX_JSON_DEPTH} levels` }), undefined);
      return;
    }
    parse(request, text, done);
  });
}

export default fp(jsonBodyPlugin, { name: 'cloudlab-json-body' });
