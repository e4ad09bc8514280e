import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PrintTemplate } from '../../runtime/model/printTemplate.js';
import { toApiEnvelope } from '../envelopes/toApiEnvelope.js';
import { getRecord } from '../engine/readRecords.js';
import { assertQueryNames } from '../engine/requestParts.js';
import type { ModelStore } from '../engine/store/modelStore.js';
import { appError } from '../errors.js';
import { createFileStore } from '../files/fileStore.js';
import { successMessage } from '../i18n/messages.js';
import { printData } from '../print/printData.js';
import { createPdfRenderer } from '../print/pdfRenderer.js';
import { printModelInfo } from '../print/printModelInfo.js';
import { renderPdf } from '../print/renderPdf.js';
import { recordAsJsonFile } from '../system/jsonFile.js';
import { createModelReads } from '../system/modelReads.js';

const BASE = '/api/system/printDev';
const MODEL = 'devPlatform.printDev';
const id = { type: 'string', minLength: 1, maxLength: 64 } as const;
const text = { type: 'string', maxLength: 200 } as const;
const dataQuery = { type: 'object', properties: { id, formId: id, dataId: id, _t: text } } as const;

type Row = Record<string, unknown>;

/**
 * The irregular calls of /api/system/printDev (spec 001 §7 "Print devices") over devPlatform.printDev,
 * whose list, create, Info, update, delete, State and Copy are generic or named operations. Printing
 * (Data, Pdf) needs a signed-in caller, and reads the record as that caller (printData.ts); the designer's
 * Fields needs the model's list permission.
 */
export default async function systemPrintDevRoutes(app: FastifyInstance, options: { store: ModelStore }): Promise<void> {
  const { store } = options;
  const reads = createModelReads(store);
  const files = createFileStore(app.ctx.config.dataDir);
  const pdfs = createPdfRenderer(app.ctx.config.pdf);
  app.addHook('onClose', () => pdfs.close());
  const signedIn = { access: 'authenticated' } as const;
  const ok = (data: unknown, request: FastifyRequest) => toApiEnvelope(data, successMessage('done', request.lang));

  async function templateOf(request: FastifyRequest, templateId: string): Promise<Row> {
    const model = reads.model(MODEL);
    const row = await getRecord(store.env, model, templateId, await reads.context(request, model));
    if (Number(row.enabledMark) !== 1) throw appError('CL_ERR_RECORD_NOT_FOUND');
    return row;
  }

  async function dataOf(request: FastifyRequest<{ Querystring: { id?: string; formId?: string; dataId?: string } }>) {
    assertQueryNames(request, ['id', 'formId', 'dataId', '_t']);
    // JNPF names the printed record formId; dataId says the same more plainly
    const dataId = request.query.dataId ?? request.query.formId;
    if (!request.query.id || !dataId) throw appError('CL_ERR_BAD_REQUEST', { detail: 'id and dataId are required' });
    const template = await templateOf(request, request.query.id);
    return printData(
      request,
      store,
      files,
      { fullName: String(template.fullName), formId: String(template.formId), template: template.template as PrintTemplate },
      dataId,
    );
  }

  // the enabled templates (of one category, or for one model), for the print dialog of a list
  app.get<{ Querystring: { type?: string; formId?: string } }>(
    `${BASE}/Selector`,
    { schema: { querystring: { type: 'object', properties: { type: text, formId: text, _t: text } } }, config: signedIn },
    async (request) => {
      assertQueryNames(request, ['type', 'formId', '_t']);
      const { type, formId } = request.query;
      const rows = await reads.all(request, MODEL, { enabledMark: '1', ...(type ? { type } : {}), ...(formId ? { formId } : {}) });
      return ok({ list: rows.map((row) => ({ id: row.id, fullName: row.fullName, enCode: row.enCode, type: row.type, formId: row.formId })) }, request);
    },
  );

  // the models a template may bind: those with records of their own to print (not reports)
  app.get(
    `${BASE}/Models`,
    { schema: { querystring: { type: 'object', properties: { _t: text } } }, config: { access: { permission: 'system:printDev:list' } } },
    async (request) => {
      assertQueryNames(request, ['_t']);
      const list = [...store.current().entries.values()]
        .filter(({ compiled }) => compiled.model.screen?.kind !== 'query')
        .map(({ compiled }) => ({
          formId: compiled.model.id,
          title: store.env.translate(compiled.model.title ?? compiled.model.id, request.lang, compiled.model.id),
        }))
        .sort((a, b) => a.formId.localeCompare(b.formId));
      return ok({ list }, request);
    },
  );

  // what a model offers a template: its fields and its sub-record tabs
  app.post<{ Body: { formId: string } }>(
    `${BASE}/Fields`,
    {
      schema: {
        body: { type: 'object', required: ['formId'], additionalProperties: false, properties: { formId: { type: 'string', minLength: 1, maxLength: 100 } } },
      },
      config: { access: { permission: 'system:printDev:list' } },
    },
    async (request) => ok(printModelInfo(store, request.body.formId, request.lang), request),
  );

  // the template, the record and its tables, and the images inline: what the browser prints
  app.get<{ Querystring: { id?: string; formId?: string; dataId?: string } }>(
    `${BASE}/Data`,
    { schema: { querystring: dataQuery }, config: signedIn },
    async (request) => ok(await dataOf(request), request),
  );

  // the same printout as a PDF (CJK font embedded, subset to the characters used)
  app.get<{ Querystring: { id?: string; formId?: string; dataId?: string } }>(
    `${BASE}/Pdf`,
    { schema: { querystring: dataQuery }, config: signedIn },
    async (request, reply) => {
      const data = await dataOf(request);
      const pdf = await renderPdf(pdfs, data);
      const name = `${data.fullName}.pdf`;
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="print.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`)
        .send(pdf);
    },
  );

  // the template as a JSON file another installation can import
  app.get<{ Params: { id: string } }>(
    `${BASE}/:id/Actions/Export`,
    {
      schema: { params: { type: 'object', required: ['id'], properties: { id } }, querystring: { type: 'object', properties: { _t: text } } },
      config: { access: { permission: 'system:printDev:export' } },
    },
    async (request, reply) => {
      assertQueryNames(request, ['_t']);
      const model = reads.model(MODEL);
      const row = await getRecord(store.env, model, request.params.id, await reads.context(request, model));
      return recordAsJsonFile(reply, row, ['fullName', 'enCode', 'type', 'formId', 'template', 'enabledMark', 'sortCode', 'description'], row.enCode);
    },
  );
}
