import { PassThrough } from 'node:stream';
import type {} from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toApiEnvelope } from '../envelopes/toApiEnvelope.js';
import { toJeecgEnvelope } from '../envelopes/toJeecgEnvelope.js';
import { appError } from '../errors.js';
import { importText } from '../i18n/importTexts.js';
import type { CompiledModel } from './compileModel.js';
import type { EngineEnv } from './engineEnv.js';
import { writeExport } from './exportRecords.js';
import { assertQueryVisible } from './fieldAccess.js';
import { importRecords, MAX_IMPORT_BYTES } from './importRecords.js';
import { buildImportTemplate } from './importTemplate.js';
import type { ListQueryParser } from './listQuery.js';
import { assertQueryNames, MAX_BATCH_IDS } from './requestParts.js';
import { attachmentHeader, XLSX_CONTENT_TYPE } from './xlsx/cellText.js';

export interface FileOperationContext {
  env: EngineEnv;
  model: CompiledModel;
  parseList: ListQueryParser;
}

type FileHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** Where a rejected import's report is downloaded (server/api/importReports.ts). */
export const IMPORT_REPORT_ROUTE = '/sys/common/importReport';

/** The multipart field carrying the workbook: jeecg's upload widget sends `files[]`, the REST family `file`. */
const FILE_FIELD = { jeecg: 'files[]', api: 'file' } as const;

function selectionsOf(raw: unknown): string[] | null {
  if (raw === undefined) return null;
  const ids =
    typeof raw === 'string'
      ? raw
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [];
  if (ids.length === 0 || ids.length > MAX_BATCH_IDS || ids.some((id) => id.length > 64)) {
    throw appError('CL_ERR_QUERY_INVALID', { detail: `selections: 1 to ${MAX_BATCH_IDS} ids` });
  }
  return ids;
}

/**
 * The list query as an .xlsx stream: same parameters as the list (paging ignored), plus
 * `selections`. Parameters are checked before the first byte is sent, so a bad one gets the family's
 * error envelope; a failure after that can only cut the download short.
 */
export const exportHandler =
  ({ env, model, parseList }: FileOperationContext): FileHandler =>
  async (request, reply) => {
    const { selections, ...rest } = (request.query ?? {}) as Record<string, unknown>;
    const job = { query: parseList(rest), selections: selectionsOf(selections), context: await env.contextFor(request, model) };
    assertQueryVisible(model, job.query, job.context.scope.fields);
    const out = new PassThrough();
    writeExport(env, model, job, out).catch((error: unknown) => {
      request.log.error({ err: error, requestId: request.id }, 'export failed');
      out.destroy(error as Error);
    });
    reply.header('content-type', XLSX_CONTENT_TYPE);
    reply.header('content-disposition', attachmentHeader(`${env.translate(model.model.title, request.lang, model.model.id)}.xlsx`));
    return reply.send(out);
  };

export const importTemplateHandler =
  ({ env, model }: FileOperationContext): FileHandler =>
  async (request, reply) => {
    assertQueryNames(request, ['_t']);
    const file = await buildImportTemplate(env, model, request.lang);
    reply.header('content-type', XLSX_CONTENT_TYPE);
    reply.header(
      'content-disposition',
      attachmentHeader(importText('templateFileName', request.lang, { title: env.translate(model.model.title, request.lang, model.model.id) })),
    );
    return reply.send(file);
  };

/** The one workbook of a multipart upload, its name checked; other fields (isSingleTableImport…) are ignored. */
async function uploadedWorkbook(request: FastifyRequest, field: string): Promise<Buffer> {
  if (!request.isMultipart()) throw appError('CL_ERR_IMPORT_FILE_MISSING');
  let file: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== field || file !== null) {
        part.file.resume();
        throw appError('CL_ERR_BAD_REQUEST', { detail: `one file, in the field "${field}"` });
      }
      if (!/\.xlsx?$/i.test(part.filename)) {
        part.file.resume();
        throw appError('CL_ERR_IMPORT_FILE_TYPE');
      }
      file = await part.toBuffer();
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw appError('CL_ERR_IMPORT_FILE_TOO_LARGE', { maxMb: MAX_IMPORT_BYTES / 1024 / 1024 });
    throw error;
  }
  if (!file || file.length === 0) throw appError('CL_ERR_IMPORT_FILE_MISSING');
  return file;
}

/**
 * Import answers: success with the server's message; a file with bad rows gets the contract's code-201
 * answer (nothing imported) whose fileUrl downloads the report, for this user only, for an hour.
 */
export const importHandler =
  ({ env, model }: FileOperationContext): FileHandler =>
  async (request) => {
    assertQueryNames(request, ['_t']);
    const dialect = model.model.api.dialect;
    const context = await env.contextFor(request, model);
    const file = await uploadedWorkbook(request, FILE_FIELD[dialect]);
    // a long import (10,000 first passwords to hash) tells the log how far it got, every tenth
    let nextTenth = 1;
    const outcome = await importRecords(env, model, file, context, {
      onProgress(stage, done, total) {
        if (done < total && done * 10 < nextTenth * total) return;
        nextTenth = Math.floor((done * 10) / total) + 1;
        request.log.info({ model: model.model.id, stage, done, total }, 'import progress');
      },
    });
    const wrap = (data: unknown, message: string) => (dialect === 'jeecg' ? toJeecgEnvelope(data, message) : toApiEnvelope(data, message));
    if (outcome.ok) return wrap({ totalCount: outcome.count, successCount: outcome.count, errorCount: 0 }, outcome.message);
    const name = await env.reports.write(context.auth.userId, outcome.errors, request.lang);
    const result = {
      totalCount: outcome.totalCount,
      errorCount: outcome.errorCount,
      successCount: 0,
      msg: outcome.message,
      fileUrl: `${IMPORT_REPORT_ROUTE}/${name}`,
      fileName: importText('reportFileName', request.lang, { title: env.translate(model.model.title, request.lang, model.model.id) }),
    };
    return { ...wrap(result, outcome.message), code: 201 };
  };
