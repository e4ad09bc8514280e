import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { toApiEnvelope } from '../envelopes/toApiEnvelope.js';
import { appError } from '../errors.js';
import { IMPORT_REPORT_ROUTE } from '../engine/fileOperations.js';
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from '../engine/importRecords.js';
import { mapColumns, prepareRows, type RowError } from '../engine/importRows.js';
import type { ModelStore } from '../engine/store/modelStore.js';
import { checkXlsxZip } from '../engine/xlsx/checkXlsxZip.js';
import { readSheet } from '../engine/xlsx/readSheet.js';
import { createFileStore } from '../files/fileStore.js';
import { createFileAccess } from './fileAccess.js';
import { successMessage } from '../i18n/messages.js';
import { authOf } from '../plugins/accessPlugin.js';
import { closedObject } from './closedBody.js';
import { translatorFor } from '../i18n/translateText.js';

const USER_MODEL = 'system.user';
const BASE = '/api/permission/Users';
const fileName = { type: 'string', minLength: 1, maxLength: 200 } as const;
const masked = (value: unknown) => (value === null || value === undefined || value === '' ? null : '******');

/**
 * The two steps of spec 001 §7's user import around the generic ImportData: ImportPreview reads a
 * workbook the caller uploaded before (/sys/common/upload, `<bucket>/<name>`) and answers its rows with
 * every error a real import would find (nothing is written); ExportExceptionData writes those errors as
 * the import report workbook (row, column, value, reason) and answers its download URL. The errors are
 * always worked out again on the server from the file, never taken from the request.
 */
export default async function userImportPreviewRoutes(app: FastifyInstance, options: { store: ModelStore }): Promise<void> {
  const files = createFileStore(app.ctx.config.dataDir);
  const { mayRead } = createFileAccess(options.store, app.ctx.db.db, app.ctx.config.dataDir);
  const { env } = options.store;
  const config = { access: { permission: 'system:user:import' } } as const;

  async function checked(request: Parameters<typeof authOf>[0], path: string) {
    const auth = authOf(request);
    const model = options.store.current().entries.get(USER_MODEL)!.compiled;
    const name = path.split('/').pop() ?? '';
    const file = await files.find(name);
    // another tenant's upload, one the caller may not read (fileAccess.ts: the preview shows its rows), or a name never stored, answers alike
    if (!file || file.tenantId !== auth.tenantId || file.extension !== 'xlsx' || !(await mayRead(request, file))) throw appError('CL_ERR_RECORD_NOT_FOUND');
    if (file.size > MAX_IMPORT_BYTES) throw appError('CL_ERR_IMPORT_FILE_TOO_LARGE', { maxMb: MAX_IMPORT_BYTES / 1024 / 1024 });
    const bytes = await fs.promises.readFile(files.blobPathOf(file.md5));
    await checkXlsxZip(bytes);
    const sheet = await readSheet(bytes, MAX_IMPORT_ROWS);
    if (sheet.rows.length === 0) throw appError('CL_ERR_IMPORT_EMPTY');
    const context = await env.contextFor(request, model);
    const { errors } = await prepareRows(env, model, sheet, context.tenantId, { lang: request.lang, translate: translatorFor(env.translate, model.model.id) });
    return { model, sheet, errors };
  }

  app.get<{ Querystring: { fileName: string } }>(
    `${BASE}/ImportPreview`,
    { schema: { querystring: closedObject({ fileName, _t: { type: 'string', maxLength: 20 } }, ['fileName']) }, config },
    async (request) => {
      const { model, sheet, errors } = await checked(request, request.query.fileName);
      const columns = mapColumns(env, model, sheet.headers);
      const headerRow = columns.map((c) => ({ field: c.field.name, label: c.header }));
      const dataRow = sheet.rows.map(({ number, values }) => ({
        row: number,
        // a secret column (the first password) is never sent back, only whether the cell holds a value
        ...Object.fromEntries(columns.map((c) => [c.field.name, c.field.def.secret ? masked(values[c.index]) : (values[c.index] ?? null)])),
      }));
      const errorRows = new Set(errors.map((e: RowError) => e.row)).size;
      return toApiEnvelope({ headerRow, dataRow, totalCount: sheet.rows.length, errorCount: errorRows, errors }, successMessage('done', request.lang));
    },
  );

  app.post<{ Body: { fileName: string } }>(
    `${BASE}/ExportExceptionData`,
    { schema: { body: closedObject({ fileName }, ['fileName']) }, config },
    async (request) => {
      const { errors } = await checked(request, request.body.fileName);
      if (errors.length === 0) return toApiEnvelope({ name: null, url: null, errorCount: 0 }, successMessage('done', request.lang));
      const name = await env.reports.write(authOf(request).userId, errors, request.lang);
      return toApiEnvelope(
        { name, url: `${IMPORT_REPORT_ROUTE}/${name}`, errorCount: new Set(errors.map((e) => e.row)).size },
        successMessage('done', request.lang),
      );
    },
  );
}
