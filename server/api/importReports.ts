import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { IMPORT_REPORT_ROUTE } from '../engine/fileOperations.js';
import { createImportReports } from '../engine/importReports.js';
import { attachmentHeader, XLSX_CONTENT_TYPE } from '../engine/xlsx/cellText.js';
import { importText } from '../i18n/importTexts.js';
import { authOf } from '../plugins/accessPlugin.js';

/** The error report of a rejected import, for the user who imported it (server/engine/importReports.ts). */
export default async function importReportRoutes(app: FastifyInstance): Promise<void> {
  const reports = createImportReports(app.ctx.config.dataDir);
  app.get<{ Params: { name: string } }>(
    `${IMPORT_REPORT_ROUTE}/:name`,
    {
      config: { access: 'authenticated' },
      schema: { params: { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 64 } } } },
    },
    async (request, reply) => {
      const file = await reports.pathOf(authOf(request).userId, request.params.name);
      reply.header('content-type', XLSX_CONTENT_TYPE);
      reply.header('content-disposition', attachmentHeader(importText('reportFileName', request.lang, { title: '' })));
      reply.header('content-security-policy', "sandbox; default-src 'none'");
      return reply.send(fs.createReadStream(file));
    },
  );
}
