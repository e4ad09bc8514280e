import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { assertQueryNames } from '../engine/requestParts.js';
import type { ModelStore } from '../engine/store/modelStore.js';
import { attachmentHeader, XLSX_CONTENT_TYPE } from '../engine/xlsx/cellText.js';
import { successMessage } from '../i18n/messages.js';
import { writeAssessorExport } from '../staff/assessorExport.js';
import { createModelReads } from '../system/modelReads.js';

/** the button permission of the assessor export: the code its action names in schemas/staff/models/member.model.json */
export const ASSESSOR_EXPORT_PERMISSION = 'staff:member:assessorExport';

/**
 * GET /admin/user/exportAssessor: every staff record the caller may read with its sub-records, as one
 * .xlsx for an assessor (server/staff/assessorExport.ts). Needs staff:member:assessorExport; reads as the
 * caller (tenant, data scope, hidden fields).
 */
export default async function staffAssessorExportRoutes(app: FastifyInstance, options: { store: ModelStore }): Promise<void> {
  const { store } = options;
  const reads = createModelReads(store);
  app.get(
    '/admin/user/exportAssessor',
    {
      schema: { querystring: { type: 'object', properties: { _t: { type: 'string', maxLength: 20 } } } },
      config: { access: { permission: ASSESSOR_EXPORT_PERMISSION } },
    },
    async (request, reply) => {
      assertQueryNames(request, ['_t']);
      const out = new PassThrough();
      writeAssessorExport(store, reads, app.ctx.db, request, out).catch((error: unknown) => {
        request.log.error({ err: error, requestId: request.id }, 'assessor export failed');
        out.destroy(error as Error);
      });
      reply.header('content-type', XLSX_CONTENT_TYPE);
      reply.header('content-disposition', attachmentHeader(`${successMessage('assessorWorkbook', request.lang)}.xlsx`));
      return reply.send(out);
    },
  );
}
