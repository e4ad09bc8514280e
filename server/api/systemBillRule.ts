import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { toApiEnvelope } from '../envelopes/toApiEnvelope.js';
import { BILL_RULE_TABLE, nextBillNumber } from '../engine/billNumbers.js';
import { getRecord } from '../engine/readRecords.js';
import { assertQueryNames } from '../engine/requestParts.js';
import type { ModelStore } from '../engine/store/modelStore.js';
import { appError } from '../errors.js';
import { successMessage } from '../i18n/messages.js';
import { recordAsJsonFile } from '../system/jsonFile.js';
import { createModelReads } from '../system/modelReads.js';

const MODEL = 'system.billRule';
/** what a rule's JSON export carries: its definition, not its counter (another installation starts its own) */
const EXPORTED_FIELDS = ['fullName', 'enCode', 'prefix', 'dateFormat', 'digit', 'startNumber', 'enabledMark', 'sortCode', 'description'] as const;
const t = { type: 'string', maxLength: 20 } as const;

/**
 * The irregular calls of /api/system/BillRule (spec 001 §7 "Bill rules") over system.billRule, whose
 * list, create, get, update, delete, State and Selector are generic:
 * - GET BillNumber/{enCode or id} issues the next number of a configured rule of the caller's tenant, in its own
 *   transaction under the rule row's lock (billNumbers.ts), so concurrent callers never share one. Unlike a
 *   model's computed default it never creates a rule: a code nobody configured (or one outside the tenant)
 *   is "not found".
 * - GET {id}/Action/Export answers one rule as a JSON file (read through the model: tenant and scope apply).
 */
export default async function systemBillRuleRoutes(app: FastifyInstance, options: { store: ModelStore }): Promise<void> {
  const reads = createModelReads(options.store);
  app.get<{ Params: { code: string } }>(
    '/api/system/BillRule/BillNumber/:code',
    {
      schema: {
        params: { type: 'object', properties: { code: { type: 'string', minLength: 1, maxLength: 50 } } },
        querystring: { type: 'object', properties: { _t: t } },
      },
      config: { access: { permission: 'system:billRule:list' } },
    },
    async (request) => {
      assertQueryNames(request, ['_t']);
      const context = await reads.context(request, reads.model(MODEL));
      const { db, adapter } = app.ctx.db;
      const number = await db.transaction().execute(async (trx) => {
        // the rule's code, or its id (spec 001 §7 writes BillNumber/{id}); a code wins over another rule's id
        const code = request.params.code;
        const { rows } = await sql<{ code: string }>`select en_code as code from ${sql.table(BILL_RULE_TABLE)}
          where tenant_id = ${context.tenantId} and (en_code = ${code} or id = ${code})
          order by case when en_code = ${code} then 0 else 1 end`.execute(trx);
        if (rows.length === 0) throw appError('CL_ERR_RECORD_NOT_FOUND');
        return nextBillNumber(trx, adapter, context.tenantId, rows[0]!.code);
      });
      // the rule's counter changed outside the engine's writes: its cached list totals stay valid (no row was added)
      return toApiEnvelope(number, successMessage('done', request.lang));
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/system/BillRule/:id/Action/Export',
    {
      schema: {
        params: { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 64 } } },
        querystring: { type: 'object', properties: { _t: t } },
      },
      config: { access: { permission: 'system:billRule:export' } },
    },
    async (request, reply) => {
      assertQueryNames(request, ['_t']);
      const model = reads.model(MODEL);
      const rule = await getRecord(options.store.env, model, request.params.id, await reads.context(request, model));
      return recordAsJsonFile(reply, rule, EXPORTED_FIELDS, rule.enCode);
    },
  );
}
