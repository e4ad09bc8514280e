import type { FastifyInstance } from 'fastify';
import systemFields from '../../schemas/meta/system-fields.json' with { type: 'json' };
import type { ModelFile } from '../../runtime/model/types.js';
import { holdsPermission } from '../auth/holdsPermission.js';
import type { Grantee } from '../auth/userPermissions.js';
import { newId } from '../db/ids.js';
import { nowText } from '../db/timestamps.js';
import type { ModelStore } from '../engine/store/modelStore.js';
import { toApiEnvelope } from '../envelopes/toApiEnvelope.js';
import { appError } from '../errors.js';
import { successMessage } from '../i18n/messages.js';
import { authOf } from '../plugins/accessPlugin.js';
import { closedObject } from './closedBody.js';

const BASE = '/api/permission/Authority';
const MAX_COLUMNS = 100;
const MAX_FIELD_LIST = 20_000;
const BODY_LIMIT = 32 * 1024;

const moduleId = { type: 'string', minLength: 1, maxLength: 80 } as const;
const params = closedObject({ id: moduleId }, ['id']);
const noQuery = { type: 'object', properties: { _t: { type: 'string', maxLength: 20 } }, additionalProperties: false } as const;
const setBody = closedObject({ moduleId, fieldList: { type: 'string', maxLength: MAX_FIELD_LIST } }, ['moduleId', 'fieldList']);

interface ColumnSetting {
  prop: string;
  label: string;
  visible: boolean;
}

const SYSTEM_FIELD_NAMES = new Set(Object.keys(systemFields).filter((k) => k !== '$comment'));

function badList(detail: string): never {
  throw appError('CL_ERR_BAD_REQUEST', { detail: `fieldList: ${detail}` });
}

/** fieldList as the drawer sends it: JSON [{prop, label, visible}], each prop a field of the model, once. */
function parseFieldList(model: ModelFile, text: string): ColumnSetting[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    badList('not JSON');
  }
  if (!Array.isArray(parsed) || parsed.length > MAX_COLUMNS) badList(`an array of at most ${MAX_COLUMNS} columns`);
  const seen = new Set<string>();
  return parsed.map((item: unknown, index) => {
    const { prop, label, visible, ...rest } = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    if (
      typeof prop !== 'string' ||
      typeof visible !== 'boolean' ||
      (label !== undefined && (typeof label !== 'string' || label.length > 100)) ||
      Object.keys(rest).length > 0
    ) {
      badList(`[${index}] must be {prop, label, visible}`);
    }
    const known = Object.prototype.hasOwnProperty.call(model.entity.fields, prop) || SYSTEM_FIELD_NAMES.has(prop);
    if (!known || seen.has(prop)) badList(`[${index}].prop is not a field of the model, or repeated`);
    seen.add(prop);
    return { prop, label: label ?? prop, visible };
  });
}

/**
 * Column preferences per user, tenant and model (spec 000 §3 "Column setting"; §7
 * GET …/GetColumnsByModuleId/{id}, PUT …/SetColumnsByModuleId). The module id is a model id the
 * caller may list (its <prefix>list code); any other id answers as an unknown model, so the answer
 * never tells whether a model the caller cannot see exists. An empty list restores the default.
 */
export default async function columnSettingRoutes(app: FastifyInstance, options: { store: ModelStore }): Promise<void> {
  const { db, adapter } = app.ctx.db;

  async function visibleModel(grantee: Grantee, id: string): Promise<ModelFile> {
    const model = options.store.current().entries.get(id)?.model;
    if (!model || !(await holdsPermission(db, grantee, `${model.permissions.prefix}list`))) throw appError('CL_ERR_MODEL_UNKNOWN', { id: id.slice(0, 80) });
    return model;
  }

  app.get<{ Params: { id: string } }>(
    `${BASE}/GetColumnsByModuleId/:id`,
    { schema: { params, querystring: noQuery }, config: { access: 'authenticated' } },
    async (request) => {
      const auth = authOf(request);
      const model = await visibleModel(auth, request.params.id);
      const row = await db
        .selectFrom('sysColumnSetting')
        .select(['fieldList'])
        .where('userId', '=', auth.userId)
        .where('tenantId', '=', auth.tenantId)
        .where('moduleId', '=', model.id)
        .executeTakeFirst();
      return toApiEnvelope(row ? { moduleId: model.id, fieldList: row.fieldList } : null);
    },
  );

  app.put<{ Body: { moduleId: string; fieldList: string } }>(
    `${BASE}/SetColumnsByModuleId`,
    { schema: { body: setBody, querystring: noQuery }, bodyLimit: BODY_LIMIT, config: { access: 'authenticated' } },
    async (request) => {
      const auth = authOf(request);
      const model = await visibleModel(auth, request.body.moduleId);
      const columns = parseFieldList(model, request.body.fieldList);
      const mine = { userId: auth.userId, tenantId: auth.tenantId, moduleId: model.id };
      if (columns.length === 0) {
        await db
          .deleteFrom('sysColumnSetting')
          .where('userId', '=', mine.userId)
          .where('tenantId', '=', mine.tenantId)
          .where('moduleId', '=', mine.moduleId)
          .execute();
      } else {
        const row = {
          id: newId(),
          user_id: mine.userId,
          tenant_id: mine.tenantId,
          module_id: mine.moduleId,
          field_list: JSON.stringify(columns),
          update_time: nowText(),
        };
        await adapter.upsert.upsert('sys_column_setting', row, ['user_id', 'tenant_id', 'module_id'], ['field_list', 'update_time']).execute(db);
      }
      return toApiEnvelope(null, successMessage('done', request.lang));
    },
  );
}
