import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { toApiEnvelope } from '../envelopes/toApiEnvelope.js';
import { appError } from '../errors.js';
import { CHUNK_SIZE, createChunkStore, expectedChunkSize, isConsistentPlan, type ChunkPlan } from '../files/chunkStore.js';
import { createFileStore, DEFAULT_BUCKET, isBucket, readHead, type StoredFile } from '../files/fileStore.js';
import { checkFileType } from '../files/magicBytes.js';
import { createPreviewTickets } from '../files/previewTickets.js';
import { sendStoredFile } from '../files/sendStoredFile.js';
import type { ModelStore } from '../engine/store/modelStore.js';
import { authOf } from '../plugins/accessPlugin.js';
import { createFileAccess } from './fileAccess.js';

export const DOWNLOAD_ROUTE = '/api/file/Download';
export const PREVIEW_ROUTE = '/api/file/Uploader/Preview';

const planProperties = {
  identifier: { type: 'string', pattern: '^[0-9a-f]{32}$' },
  totalSize: { type: 'integer', minimum: 1 },
  totalChunks: { type: 'integer', minimum: 1 },
  chunkSize: { type: 'integer', minimum: 1 },
} as const;

function planOf(raw: Record<string, unknown>): ChunkPlan {
  const plan = {
    identifier: String(raw.identifier ?? ''),
    totalSize: Number(raw.totalSize),
    totalChunks: Number(raw.totalChunks),
    chunkSize: Number(raw.chunkSize ?? CHUNK_SIZE),
  };
  if (!isConsistentPlan(plan)) throw appError('CL_ERR_FILE_CHUNK_INVALID', { detail: 'identifier, totalSize, totalChunks and chunkSize disagree' });
  return plan;
}

function fieldsOf(file: MultipartFile): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, field] of Object.entries(file.fields)) {
    const value = Array.isArray(field) ? field[0] : field;
    if (value && value.type === 'field' && typeof value.value === 'string') out[name] = value.value;
  }
  return out;
}

const answerOf = (file: StoredFile) => ({
  name: file.originalName,
  url: `${DOWNLOAD_ROUTE}/${file.bucket}/${file.name}`,
  fileId: file.name,
  fileVersionId: file.md5,
  fileSize: file.size,
});

/**
 * The chunked uploader's server (api-contract.md, JNPF style; security.md rule 17): check which chunks
 * are stored, store one chunk, merge with size and MD5 verified, download, and preview by ticket.
 * A file whose MD5 the tenant already stored merges at once (instant upload).
 */
export default async function uploadChunkRoutes(app: FastifyInstance, options: { store: ModelStore }): Promise<void> {
  const files = createFileStore(app.ctx.config.dataDir);
  const { mayRead } = createFileAccess(options.store, app.ctx.db.db, app.ctx.config.dataDir);
  const chunks = createChunkStore(app.ctx.config.dataDir);
  const tickets = createPreviewTickets();
  await chunks.sweep();
  await app.register(multipart, { limits: { fileSize: CHUNK_SIZE, files: 1, fields: 16, fieldSize: 1024 } });

  app.get<{ Querystring: Record<string, unknown> }>(
    '/api/file/chunk',
    {
      config: { access: 'authenticated' },
      schema: { querystring: { type: 'object', required: ['identifier', 'totalSize', 'totalChunks'], properties: planProperties } },
    },
    async (request) => {
      const auth = authOf(request);
      const plan = planOf(request.query);
      if (await files.hasBlob(auth.tenantId, plan.identifier, plan.totalSize)) return toApiEnvelope({ chunkNumbers: [], merge: true, uploaded: true });
      const done = await chunks.done(auth.tenantId, auth.userId, plan);
      return toApiEnvelope({ chunkNumbers: done, merge: done.length === plan.totalChunks, uploaded: false });
    },
  );

  app.post('/api/file/chunk', { config: { access: 'authenticated' } }, async (request) => {
    const auth = authOf(request);
    if (!request.isMultipart()) throw appError('CL_ERR_FILE_MISSING');
    const file = await request.file();
    if (!file || file.fieldname !== 'file') throw appError('CL_ERR_FILE_MISSING');
    const fields = fieldsOf(file);
    let plan: ChunkPlan;
    const n = Number(fields.chunkNumber);
    try {
      plan = planOf(fields);
      if (!Number.isInteger(n) || n < 1 || n > plan.totalChunks) throw appError('CL_ERR_FILE_CHUNK_INVALID', { detail: 'chunkNumber' });
    } catch (error) {
      file.file.resume();
      throw error;
    }
    const received = await chunks.write(auth.tenantId, auth.userId, plan, n, file.file);
    // sizes are checked on the bytes received, not on what the form declared (a short chunk is never marked done)
    if (received !== expectedChunkSize(plan, n)) {
      throw appError('CL_ERR_FILE_CHUNK_INVALID', { detail: `chunk ${n} has ${Math.max(received, 0)} bytes, expected ${expectedChunkSize(plan, n)}` });
    }
    const done = await chunks.done(auth.tenantId, auth.userId, plan);
    return toApiEnvelope({ chunkNumber: n, chunkNumbers: done, merge: done.length === plan.totalChunks });
  });

  app.post<{ Body: { identifier: string; fileName: string; fileSize: number; type?: string } }>(
    '/api/file/merge',
    {
      config: { access: 'authenticated' },
      schema: {
        body: {
          type: 'object',
          required: ['identifier', 'fileName', 'fileSize'],
          properties: {
            identifier: planProperties.identifier,
            fileName: { type: 'string', minLength: 1, maxLength: 200 },
            fileSize: { type: 'integer', minimum: 1 },
            extension: { type: 'string', maxLength: 16 },
            fileType: { type: 'string', maxLength: 200 },
            type: { type: 'string', maxLength: 20 },
          },
        },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const { identifier, fileName, fileSize } = request.body;
      const bucket = request.body.type || DEFAULT_BUCKET;
      if (!isBucket(bucket)) throw appError('CL_ERR_BAD_REQUEST', { detail: 'type' });
      const plan = planOf({ identifier, totalSize: fileSize, totalChunks: Math.max(1, Math.ceil(fileSize / CHUNK_SIZE)), chunkSize: CHUNK_SIZE });
      const owner = { originalName: fileName, bucket, tenantId: auth.tenantId, userId: auth.userId };

      // instant upload: the bytes are stored already; only the name must still suit them
      if (await files.hasBlob(auth.tenantId, identifier, fileSize)) {
        const type = checkFileType(fileName, await readHead(files.blobPathOf(identifier)));
        if (!type) throw appError('CL_ERR_FILE_TYPE', { name: fileName });
        await chunks.clear(auth.tenantId, auth.userId, identifier);
        return toApiEnvelope(answerOf(await files.writeRecord({ ...owner, ...type, size: fileSize, md5: identifier })));
      }
      const done = await chunks.done(auth.tenantId, auth.userId, plan);
      if (done.length !== plan.totalChunks) throw appError('CL_ERR_FILE_CHUNKS_MISSING');
      const type = checkFileType(fileName, await readHead(chunks.partOf(auth.tenantId, auth.userId, identifier)));
      if (!type) {
        await chunks.clear(auth.tenantId, auth.userId, identifier);
        throw appError('CL_ERR_FILE_TYPE', { name: fileName });
      }
      // the part file already holds the bytes in place: verified, it is moved into the blob store, not copied
      const merged = await chunks.assemble(auth.tenantId, auth.userId, plan);
      if (!merged) throw appError('CL_ERR_FILE_CHUNKS_MISSING');
      if (merged.md5 !== identifier || merged.size !== fileSize) {
        await chunks.clear(auth.tenantId, auth.userId, identifier);
        throw appError('CL_ERR_FILE_CHECKSUM');
      }
      await files.adoptBlob(merged.file, identifier);
      await chunks.clear(auth.tenantId, auth.userId, identifier);
      return toApiEnvelope(answerOf(await files.writeRecord({ ...owner, ...type, size: fileSize, md5: identifier })));
    },
  );

  const nameParams = {
    type: 'object',
    required: ['type', 'name'],
    properties: { type: { type: 'string', maxLength: 20 }, name: { type: 'string', maxLength: 64 } },
  } as const;

  /** a file the caller may read (fileAccess.ts), or 404 for anything else (another tenant's file included) */
  const fileFor = async (request: FastifyRequest, bucket: string, name: string) => {
    const file = await files.find(name);
    if (!file || file.bucket !== bucket || !(await mayRead(request, file))) throw appError('CL_ERR_NOT_FOUND');
    return file;
  };

  app.get<{ Params: { type: string; name: string } }>(
    `${DOWNLOAD_ROUTE}/:type/:name`,
    { config: { access: 'authenticated' }, schema: { params: nameParams } },
    async (request, reply) => {
      const file = await fileFor(request, request.params.type, request.params.name);
      return sendStoredFile(reply, files, file);
    },
  );

  // the preview frame cannot send the token header: an authenticated call gets a 60 s ticket for one file
  app.get<{ Querystring: { type: string; name: string } }>(
    PREVIEW_ROUTE,
    { config: { access: 'authenticated' }, schema: { querystring: nameParams } },
    async (request) => {
      const auth = authOf(request);
      const file = await fileFor(request, request.query.type, request.query.name);
      return toApiEnvelope({ url: `${PREVIEW_ROUTE}/${tickets.issue(file.name, auth.tenantId)}`, fileName: file.originalName });
    },
  );

  app.get<{ Params: { ticket: string } }>(
    `${PREVIEW_ROUTE}/:ticket`,
    { config: { access: 'public' }, schema: { params: { type: 'object', required: ['ticket'], properties: { ticket: { type: 'string', maxLength: 64 } } } } },
    async (request, reply) => {
      const ticket = tickets.redeem(request.params.ticket);
      const file = ticket ? await files.find(ticket.name) : null;
      if (!ticket || !file || file.tenantId !== ticket.tenantId) throw appError('CL_ERR_NOT_FOUND');
      return sendStoredFile(reply, files, file, true);
    },
  );
}
