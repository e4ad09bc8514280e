import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Lang } from '../../runtime/model/types.js';
import type { FieldAccess } from '../engine/fieldAccess.js';
import { buildServedModel } from '../engine/serveModel.js';
import type { ModelStore, StoredModel } from '../engine/store/modelStore.js';
import { toJeecgEnvelope } from '../envelopes/toJeecgEnvelope.js';
import { appError } from '../errors.js';

interface Prepared {
  etag: string;
  body: string;
}

const PARAMS = { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 80 } } } as const;
const QUERY = { type: 'object', properties: { _t: { type: 'string', maxLength: 20 } }, additionalProperties: false } as const;

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2): W/"x" matches "x". */
function matches(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * GET /system/model/:id: the model file plus its texts in the caller's language, the patterns its
 * fields use and the fields the caller's roles hide or lock, so the client never bundles model files. The body is serialised once per
 * (model version, language) and served byte-identical, so a strong ETag over it is honest; the client
 * revalidates every time (no-cache) and gets 304 until the model is released again.
 */
export default async function modelFileRoutes(app: FastifyInstance, options: { store: ModelStore }): Promise<void> {
  const { store } = options;
  const prepared = new Map<string, Prepared>();
  // a release makes the model's prepared bodies stale: drop them rather than let them pile up
  store.onSwap((id) => {
    for (const key of prepared.keys()) if (key.startsWith(`${id}\u0000`)) prepared.delete(key);
  });

  function prepare(entry: StoredModel, lang: Lang, access: FieldAccess | undefined): Prepared {
    const restricted = access !== undefined && (access.hidden.size > 0 || access.readOnly.size > 0);
    const fieldAccess = restricted ? { hidden: [...access.hidden].sort(), readOnly: [...access.readOnly].sort() } : undefined;
    const key = `${entry.model.id}\u0000${entry.checksum}\u0000${lang}\u0000${fieldAccess ? JSON.stringify(fieldAccess) : ''}`;
    let ready = prepared.get(key);
    if (!ready) {
      const body = JSON.stringify(toJeecgEnvelope(buildServedModel(entry.model, lang, app.ctx.translate, fieldAccess)));
      ready = { etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`, body };
      prepared.set(key, ready);
    }
    return ready;
  }

  app.get<{ Params: { id: string } }>(
    '/system/model/:id',
    { schema: { params: PARAMS, querystring: QUERY }, config: { access: 'authenticated' } },
    async (request, reply) => {
      const { id } = request.params;
      const entry = store.current().entries.get(id);
      if (!entry) throw appError('CL_ERR_MODEL_UNKNOWN', { id: id.slice(0, 80) });
      // the caller's roles may hide or lock fields of this model: their copy says so (fieldAccess.ts)
      const { scope } = await store.env.contextFor(request, entry.compiled);
      const { etag, body } = prepare(entry, request.lang, scope.fields);
      reply.header('etag', etag).header('cache-control', 'private, no-cache').header('vary', 'Accept-Language');
      if (matches(request, etag)) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );
}
