import type { FastifyInstance, FastifyRequest } from 'fastify';
import { holdsPermission } from '../auth/holdsPermission.js';
import { logSecurityEvent } from '../auth/securityLog.js';
import { toDictOptionMap } from '../dict/dictCache.js';
import { filterOptions, toValueTexts, translateDictItems } from '../dict/dictOptions.js';
import { tableDictOptions, tableDictTexts, type ValueText } from '../dict/queryTableDict.js';
import { isTableDictCode, resolveTableDict, type TableDictRef } from '../dict/resolveTableDict.js';
import type { EngineContext } from '../engine/context.js';
import type { ModelStore } from '../engine/store/modelStore.js';
import { appError } from '../errors.js';
import { toJeecgEnvelope } from '../envelopes/toJeecgEnvelope.js';
import { authOf } from '../plugins/accessPlugin.js';

const MAX_PAGE_SIZE = 500;
const TABLE_DICT_DEFAULT_PAGE_SIZE = 50;
const MAX_KEYS = 1000;
/** the dictionary model's edit code (schemas/system/models/dict.model.json), granted to the admin role */
const DICT_ADMIN_PERMISSION = 'system:dict:edit';

const code = { type: 'string', minLength: 1, maxLength: 200 } as const;
const t = { type: 'string', maxLength: 20 } as const;
const codeParams = { type: 'object', required: ['code'], properties: { code } } as const;
const searchQuery = {
  keyword: { type: 'string', maxLength: 100 },
  pageSize: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE },
  _t: t,
} as const;

interface SearchQuery {
  keyword?: string;
  pageSize?: number;
}

interface TableDictRead {
  ref: TableDictRef;
  context: EngineContext;
}

/**
 * Dictionaries (api-contract.md "Dictionaries"): plain ones from the cache; a table one is a read of
 * a model, so it needs what a list of that model needs: the model's list permission, only fields the
 * model marks `lookup`, the tenant and the caller's data scope.
 */
export default async function sysDictRoutes(app: FastifyInstance, options: { store: ModelStore }): Promise<void> {
  const { db } = app.ctx.db;
  const { env } = options.store;
  const access = { access: 'authenticated' } as const;

  /** The model behind a table dictionary with the caller's context, or one refusal whatever the reason. */
  async function tableDictOf(request: FastifyRequest, dictCode: string): Promise<TableDictRead> {
    const auth = authOf(request);
    const models = [...options.store.current().entries.values()].map((entry) => entry.compiled);
    const ref = resolveTableDict(dictCode, models);
    // an unknown table or field and a model the caller may not list answer alike: no existence oracle
    if (ref && (await holdsPermission(db, auth.userId, ref.model.permission('list')))) {
      return { ref, context: await env.contextFor(request, ref.model) };
    }
    await logSecurityEvent(db, {
      event: 'identifier.refused',
      userId: auth.userId,
      username: auth.username,
      ip: request.ip,
      requestId: request.id,
      detail: `${request.routeOptions.url ?? ''}: dictionary code ${dictCode}`,
    });
    throw appError('CL_ERR_DICT_TABLE_UNKNOWN', { table: dictCode.split(',')[0]!.slice(0, 60) });
  }

  async function plainItems(request: FastifyRequest, dictCode: string) {
    return translateDictItems(await app.ctx.dicts.items(dictCode), (zh) => app.ctx.translate(zh, request.lang));
  }

  async function optionsOf(request: FastifyRequest, dictCode: string, query: SearchQuery): Promise<ValueText[]> {
    if (isTableDictCode(dictCode)) {
      const { ref, context } = await tableDictOf(request, dictCode);
      const limit = query.pageSize ?? TABLE_DICT_DEFAULT_PAGE_SIZE;
      return tableDictOptions(env.reader, ref, context, { keyword: query.keyword, limit });
    }
    return filterOptions(toValueTexts(await plainItems(request, dictCode)), query.keyword, query.pageSize);
  }

  // clearing the cache makes every server re-read every dictionary: for those who may edit them
  app.get(
    '/sys/dict/refleshCache',
    { schema: { querystring: { type: 'object', properties: { _t: t } } }, config: { access: { permission: DICT_ADMIN_PERMISSION } } },
    async () => {
      app.ctx.dicts.clear();
      return toJeecgEnvelope(null);
    },
  );

  app.get('/sys/dict/queryAllDictItems', { schema: { querystring: { type: 'object', properties: { _t: t } } }, config: access }, async (request) => {
    const all = await app.ctx.dicts.all();
    const translate = (zh: string) => app.ctx.translate(zh, request.lang);
    return toJeecgEnvelope(toDictOptionMap(Object.fromEntries(Object.entries(all).map(([c, items]) => [c, translateDictItems(items, translate)]))));
  });

  app.get<{ Querystring: SearchQuery & { code: string } }>(
    '/sys/dict/loadSelect',
    { schema: { querystring: { type: 'object', required: ['code'], properties: { code, ...searchQuery } } }, config: access },
    async (request) => toJeecgEnvelope(await optionsOf(request, request.query.code, request.query)),
  );

  app.get<{ Params: { code: string }; Querystring: SearchQuery }>(
    '/sys/dict/loadDict/:code',
    { schema: { params: codeParams, querystring: { type: 'object', properties: searchQuery } }, config: access },
    async (request) => toJeecgEnvelope(await optionsOf(request, request.params.code, request.query)),
  );

  app.get<{ Params: { code: string }; Querystring: { key?: string } }>(
    '/sys/dict/loadDictItem/:code',
    {
      schema: { params: codeParams, querystring: { type: 'object', properties: { key: { type: 'string', maxLength: 100_000 }, _t: t } } },
      config: access,
    },
    async (request) => {
      const keys = request.query.key ? request.query.key.split(',') : [];
      if (keys.length > MAX_KEYS) throw appError('CL_ERR_BAD_REQUEST', { detail: `key: at most ${MAX_KEYS} values` });
      const dictCode = request.params.code;
      let texts: Map<string, string>;
      if (isTableDictCode(dictCode)) {
        const { ref, context } = await tableDictOf(request, dictCode);
        texts = await tableDictTexts(env.reader, ref, context, keys);
      } else {
        texts = new Map((await plainItems(request, dictCode)).map((item) => [item.value, item.text]));
      }
      return toJeecgEnvelope(keys.map((key) => texts.get(key) ?? ''));
    },
  );
}
