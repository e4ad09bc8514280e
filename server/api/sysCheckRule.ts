import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { assertQueryNames } from '../engine/requestParts.js';
import { toJeecgEnvelope } from '../envelopes/toJeecgEnvelope.js';
import { appError } from '../errors.js';
import { successMessage } from '../i18n/messages.js';
import { authOf } from '../plugins/accessPlugin.js';
import { CHECK_LIMITS, firstFailure, parseCheckSteps } from '../system/checkRules.js';

/** The table of model system.checkRule (schemas/system/models/checkRule.model.json). */
const CHECK_RULE_TABLE = 'sys_check_rule';

/**
 * GET /sys/checkRule/checkByCode?ruleCode=&value= (spec 001 §7): checks a value against a rule of the
 * caller's tenant. Passing answers success; failing answers the failing step's message (business error);
 * an unknown code answers 该编码不存在. Any signed-in user may call it: forms on every screen do.
 */
export default async function sysCheckRuleRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db.db;
  app.get<{ Querystring: { ruleCode: string; value?: string } }>(
    '/sys/checkRule/checkByCode',
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['ruleCode'],
          properties: {
            ruleCode: { type: 'string', minLength: 1, maxLength: 100 },
            value: { type: 'string', maxLength: CHECK_LIMITS.value },
            _t: { type: 'string', maxLength: 20 },
          },
        },
      },
      config: { access: 'authenticated' },
    },
    async (request) => {
      assertQueryNames(request, ['ruleCode', 'value', '_t']);
      const { tenantId } = authOf(request);
      const { rows } = await sql<{ ruleJson: unknown }>`select rule_json as "ruleJson" from ${sql.table(CHECK_RULE_TABLE)}
        where tenant_id = ${tenantId} and rule_code = ${request.query.ruleCode}`.execute(db);
      if (rows.length === 0) throw appError('CL_ERR_CHECK_RULE_UNKNOWN');
      const steps = parseCheckSteps(rows[0]!.ruleJson);
      // saved through the model hook, a rule parses; one written around it fails closed
      if (!steps) throw appError('CL_ERR_CHECK_RULE_JSON');
      const value = request.query.value ?? '';
      const failure = value === '' ? null : firstFailure(steps, value);
      if (failure !== null) throw appError('CL_ERR_CHECK_RULE_FAILED', { message: failure });
      return toJeecgEnvelope(null, successMessage('done', request.lang));
    },
  );
}
