import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { holdsPermission } from '../auth/holdsPermission.js';
import { logSecurityEvent } from '../auth/securityLog.js';
import type { CompiledField, CompiledModel } from '../engine/compileModel.js';
import type { EngineContext } from '../engine/EngineContext.js';
import { assertQueryNames } from '../engine/requestParts.js';
import type { ModelStore } from '../engine/store/modelStore.js';
import { assertUnique } from '../engine/uniqueCheck.js';
import { scopeConditions } from '../engine/whereSql.js';
import { appError, AppError } from '../errors.js';
import { toJeecgEnvelope } from '../envelopes/toJeecgEnvelope.js';
import { successMessage } from '../i18n/messages.js';
import { authOf, type AuthContext } from '../plugins/accessPlugin.js';
import { translatorFor } from '../i18n/translateText.js';

const text = (max: number) => ({ type: 'string', maxLength: max }) as const;

interface CheckQuery {
  tableName: string;
  fieldName: string;
  fieldVal?: string;
  dataId?: string;
}

/**
 * A field duplicate check may name: one the model declares both `unique` (the rule the check answers
 * for) and `lookup` (the model lets requests name it), and textual, since the value comes as text.
 */
function checkableField(model: CompiledModel, name: string): CompiledField | undefined {
  const field = model.fields.get(name);
  if (!field || field.system || !field.readable || !field.textual) return undefined;
  return field.def.unique === true && field.def.lookup === true ? field : undefined;
}

/**
 * GET /sys/duplicate/check (JeecgBoot's form validator): whether a value is still free in a unique
 * field, answered exactly as a save would decide it (tenant-wide, the record being edited excepted).
 * It tells whether a value exists beyond the rows the caller may read (the whole tenant, and for a model
 * shared by every tenant, such as the users' accounts, the whole platform), which a save tells only to a
 * caller who may save: so it needs the model's add or edit permission, the forms it validates, not
 * merely its list. The table and field are resolved through the served models; anything else, a model
 * the caller may not write, and a field their roles hide answer the same refusal.
 */
export default async function sysDuplicateRoutes(app: FastifyInstance, options: { store: ModelStore }): Promise<void> {
  const { db } = app.ctx.db;
  const { env } = options.store;

  const mayWrite = async (auth: AuthContext, model: CompiledModel) =>
    (await holdsPermission(db, auth, model.permission('add'))) || (await holdsPermission(db, auth, model.permission('edit')));

  async function targetOf(request: FastifyRequest<{ Querystring: CheckQuery }>): Promise<{ model: CompiledModel; field: CompiledField }> {
    const auth = authOf(request);
    const { tableName, fieldName } = request.query;
    // a table may be served by several models (system.user and its views staff.member, system.onlineUser): any
    // one of them the caller may write, whose field is checkable and not hidden from them, decides alike
    const models = [...options.store.current().entries.values()].map((e) => e.compiled).filter((m) => m.tableName === tableName);
    for (const model of models) {
      const field = checkableField(model, fieldName);
      if (field && (await mayWrite(auth, model)) && !(await env.scopeOf(auth, model)).fields?.hidden.has(field.name)) return { model, field };
    }
    await logSecurityEvent(db, {
      event: 'identifier.refused',
      userId: auth.userId,
      username: auth.username,
      ip: request.ip,
      requestId: request.id,
      detail: `/sys/duplicate/check: ${tableName.slice(0, 60)}.${fieldName.slice(0, 60)}`,
    });
    throw appError('CL_ERR_DUPLICATE_CHECK_REFUSED');
  }

  /**
   * The record being edited, when it is one the caller reaches (tenant and data scope, as an edit would), else
   * CL_ERR_RECORD_NOT_FOUND like an unknown id: the check leaves that record's own value out, so naming a record
   * beyond the caller's scope would tell, guess by guess, the value it holds.
   */
  async function reachableRecord(model: CompiledModel, context: EngineContext, dataId: string): Promise<string> {
    const integer = model.id.def.type === 'integer';
    if (!integer || /^\d{1,15}$/.test(dataId)) {
      const id = integer ? Number(dataId) : dataId;
      const { rows } = await sql`select 1 as hit from ${model.table}
        where ${sql.join([sql`${model.id.ref} = ${id}`, ...scopeConditions(model, context)], sql` and `)}`.execute(env.reader);
      if (rows.length > 0) return dataId;
    }
    throw appError('CL_ERR_RECORD_NOT_FOUND');
  }

  app.get<{ Querystring: CheckQuery }>(
    '/sys/duplicate/check',
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['tableName', 'fieldName'],
          properties: { tableName: text(64), fieldName: text(64), fieldVal: text(1000), dataId: text(64), _t: text(20) },
        },
      },
      config: { access: 'authenticated' },
    },
    async (request) => {
      assertQueryNames(request, ['tableName', 'fieldName', 'fieldVal', 'dataId', '_t']);
      const { model, field } = await targetOf(request);
      const value = request.query.fieldVal ?? '';
      if (value === '') return toJeecgEnvelope(null, successMessage('valueFree', request.lang));
      const context = await env.contextFor(request, model);
      const exceptId = request.query.dataId ? await reachableRecord(model, context, request.query.dataId) : null;
      try {
        await assertUnique(env.reader, model, { [field.name]: value }, context.tenantId, exceptId, {
          lang: context.lang,
          translate: translatorFor(env.translate, model.model.id),
        });
      } catch (error) {
        if (error instanceof AppError && error.code === 'CL_ERR_RECORD_DUPLICATE') throw appError('CL_ERR_VALUE_TAKEN');
        throw error;
      }
      return toJeecgEnvelope(null, successMessage('valueFree', request.lang));
    },
  );
}
