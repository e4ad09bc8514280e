import fs from 'node:fs';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { toApiEnvelope } from '../envelopes/toApiEnvelope.js';
import { appError } from '../errors.js';
import type { ModelStore } from '../engine/store/modelStore.js';
import { successMessage } from '../i18n/messages.js';
import { authOf } from '../plugins/accessPlugin.js';
import { DESIGN_TABLE } from '../visualdev/designRules.js';
import { buildModuleFolders, type FolderFiles } from '../visualdev/moduleFolder.js';
import { importModule, planModuleImport } from '../visualdev/moduleImport.js';
import { readZip, zipFolder } from '../visualdev/moduleZip.js';
import { closedObject } from './closedBody.js';

const MAX_ZIP_BYTES = 2 * 1024 * 1024;
const README = fs.readFileSync(new URL('../visualdev/moduleReadme.md', import.meta.url), 'utf8');
const noQuery = { type: 'object', properties: { _t: { type: 'string', maxLength: 20 } }, additionalProperties: false } as const;
const idParams = closedObject({ id: { type: 'string', minLength: 1, maxLength: 36 } }, ['id']);
const modelId = { type: 'string', pattern: '^[a-z][a-zA-Z0-9]*(\\.[a-z][a-zA-Z0-9]*)+$', maxLength: 100 } as const;

/** The module folders of a design (with the sub-record models it shows) and the README for integrators. */
async function designFolder(app: FastifyInstance, store: ModelStore, designId: string): Promise<{ files: FolderFiles; name: string }> {
  const { rows } = await sql<{ en_code: string; full_name: string }>`select en_code, full_name from ${sql.table(DESIGN_TABLE)} where id = ${designId}`.execute(
    app.ctx.db.db.withoutPlugins(),
  );
  const design = rows[0];
  if (!design) throw appError('CL_ERR_RECORD_NOT_FOUND');
  if (!store.current().entries.has(design.en_code)) throw appError('CL_ERR_MODEL_UNKNOWN', { id: design.en_code });
  const files = await buildModuleFolders(app.ctx.db.db, store, [design.en_code]);
  const models = [...files.keys()].filter((f) => f.endsWith('.model.json')).map((f) => `\`${f}\``);
  files.set('README.md', README.replace('{{title}}', design.full_name).replace('{{models}}', models.join(', ')));
  return { files, name: design.en_code.replace('.', '-') };
}

async function sendZip(reply: FastifyReply, files: FolderFiles, name: string): Promise<Buffer> {
  reply.header('content-type', 'application/zip');
  reply.header('content-disposition', `attachment; filename="${name}.zip"`);
  return zipFolder(files);
}

/** The uploaded module zip (multipart field `file`), at most MAX_ZIP_BYTES. */
async function uploadedZip(request: FastifyRequest): Promise<FolderFiles> {
  if (!request.isMultipart()) throw appError('CL_ERR_MODULE_FILE');
  let buffer: Buffer | null = null;
  for await (const part of request.parts({ limits: { fileSize: MAX_ZIP_BYTES, files: 1 } })) {
    if (part.type !== 'file') continue;
    if (part.fieldname !== 'file' || !/\.zip$/i.test(part.filename)) {
      part.file.resume();
      throw appError('CL_ERR_MODULE_FILE');
    }
    buffer = await part.toBuffer().catch(() => {
      throw appError('CL_ERR_MODULE_FILE_UNSAFE');
    });
  }
  if (!buffer || buffer.length === 0) throw appError('CL_ERR_MODULE_FILE');
  return readZip(buffer);
}

/**
 * Modules as files (issue 12): any set of models with their menus and dictionaries exported as module
 * folders in a zip; a module zip imported after a preview of what it changes; and the Generater calls,
 * which hand out the same folders (never generated screen code) with a README.
 */
export default async function visualdevModuleRoutes(app: FastifyInstance, options: { store: ModelStore }): Promise<void> {
  const { store } = options;
  const handle = app.ctx.db;
  const modulePermission = { permission: 'visualdev:design:module' } as const;
  // module zips arrive as multipart uploads in this scope only
  await app.register(multipart, { limits: { fileSize: MAX_ZIP_BYTES, files: 1 } });

  app.post<{ Body: { modelIds: string[] } }>(
    '/api/visualdev/Base/Actions/ExportModule',
    {
      schema: { body: closedObject({ modelIds: { type: 'array', minItems: 1, maxItems: 100, items: modelId } }, ['modelIds']), querystring: noQuery },
      config: { access: modulePermission },
    },
    async (request, reply) => sendZip(reply, await buildModuleFolders(handle.db, store, request.body.modelIds), 'modules'),
  );

  app.post('/api/visualdev/Base/Actions/ImportModulePreview', { schema: { querystring: noQuery }, config: { access: modulePermission } }, async (request) =>
    toApiEnvelope(await planModuleImport(handle, store, await uploadedZip(request)), successMessage('done', request.lang)),
  );

  app.post<{ Querystring: { confirm?: string } }>(
    '/api/visualdev/Base/Actions/ImportModule',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { _t: { type: 'string', maxLength: 20 }, confirm: { enum: ['true', 'false'] } },
          additionalProperties: false,
        },
      },
      config: { access: modulePermission },
    },
    async (request) => {
      const plan = await importModule(handle, store, await uploadedZip(request), { confirm: request.query.confirm === 'true', by: authOf(request).username });
      return toApiEnvelope(plan, successMessage('done', request.lang));
    },
  );

  app.get(
    '/api/visualdev/Generater/AreasName',
    { schema: { querystring: noQuery }, config: { access: { permission: 'visualdev:design:list' } } },
    async (request) => {
      const list = store.current().modules.modules.map((m) => ({ id: m.file.id, fullName: m.file.title }));
      return toApiEnvelope({ list }, successMessage('done', request.lang));
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/visualdev/Generater/:id/Actions/DownloadCode',
    { schema: { params: idParams, querystring: noQuery }, config: { access: { permission: 'visualdev:design:list' } } },
    async (request, reply) => {
      const { files, name } = await designFolder(app, store, request.params.id);
      return sendZip(reply, files, name);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/visualdev/Generater/:id/Actions/CodePreview',
    { schema: { params: idParams, querystring: noQuery }, config: { access: { permission: 'visualdev:design:list' } } },
    async (request) => {
      const { files } = await designFolder(app, store, request.params.id);
      return toApiEnvelope({ list: [...files].map(([path, content]) => ({ path, content })) }, successMessage('done', request.lang));
    },
  );
}
