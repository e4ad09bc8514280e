import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { toJeecgEnvelope } from '../envelopes/toJeecgEnvelope.js';
import { appError } from '../errors.js';
import { createFileStore, DEFAULT_BUCKET, isBucket } from '../files/fileStore.js';
import { sendStoredFile } from '../files/sendStoredFile.js';
import type { ModelStore } from '../engine/store/modelStore.js';
import { authOf } from '../plugins/accessPlugin.js';
import { createFileAccess } from './fileAccess.js';

/** the largest single upload; bigger files go through the chunked uploader */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;
/** where /sys/common/upload's stored path is read back */
export const STATIC_ROUTE = '/sys/common/static';

function fieldText(file: MultipartFile, name: string): string | undefined {
  const field = file.fields[name];
  const value = Array.isArray(field) ? field[0] : field;
  return value && value.type === 'field' && typeof value.value === 'string' ? value.value : undefined;
}

/**
 * JeecgBoot's upload (api-contract.md): multipart `file` (+ `biz`) → `message: "<biz>/<generated name>"`,
 * read back through the authenticated, tenant-checked static route. Any signed-in user may upload:
 * the files belong to records their screens save, and those saves are permission-checked.
 */
export default async function uploadCommonRoutes(app: FastifyInstance, options: { store: ModelStore }): Promise<void> {
  const store = createFileStore(app.ctx.config.dataDir);
  const { mayRead } = createFileAccess(options.store, app.ctx.db.db, app.ctx.config.dataDir);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 8, fieldSize: 1024 } });

  app.post('/sys/common/upload', { config: { access: 'authenticated' } }, async (request) => {
    const auth = authOf(request);
    if (!request.isMultipart()) throw appError('CL_ERR_FILE_MISSING');
    const file = await request.file();
    if (!file || file.fieldname !== 'file') throw appError('CL_ERR_FILE_MISSING');
    const bucket = fieldText(file, 'biz') || DEFAULT_BUCKET;
    if (!isBucket(bucket)) {
      file.file.resume();
      throw appError('CL_ERR_BAD_REQUEST', { detail: 'biz' });
    }
    const saved = await store.saveUpload(file.file, { originalName: file.filename, bucket, tenantId: auth.tenantId, userId: auth.userId });
    if (saved === 'size') throw appError('CL_ERR_FILE_TOO_LARGE', { maxMb: MAX_UPLOAD_BYTES / 1024 / 1024 });
    if (saved === 'type') throw appError('CL_ERR_FILE_TYPE', { name: file.filename });
    return toJeecgEnvelope(null, `${saved.bucket}/${saved.name}`);
  });

  app.get<{ Params: { bucket: string; name: string } }>(
    `${STATIC_ROUTE}/:bucket/:name`,
    {
      config: { access: 'authenticated' },
      schema: {
        params: {
          type: 'object',
          required: ['bucket', 'name'],
          properties: { bucket: { type: 'string', maxLength: 20 }, name: { type: 'string', maxLength: 64 } },
        },
      },
    },
    async (request, reply) => {
      const file = await store.find(request.params.name);
      // another tenant's file, or one the caller neither uploaded nor reads in a record, answers like a missing one
      if (!file || file.bucket !== request.params.bucket || !(await mayRead(request, file))) throw appError('CL_ERR_NOT_FOUND');
      return sendStoredFile(reply, store, file);
    },
  );
}
