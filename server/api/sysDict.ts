import type { FastifyInstance, FastifyRequest } from 'fastify';
import { holdsPermission } from '../auth/holdsPermission.js';
import { logSecurityEvent } from '../auth/securityLog.js';
import { allDictOptionsIn, filterOptions, toValueTexts, translateDictItems } from '../dict/dictOptions.js';
import { tableDictOptions, tableDictTexts, type ValueText } from '../dict/queryTableDict.js';
import { isTableDictCode, lookupField, resolveTableDict, type TableDictRef } from '../dict/resolveTableDict.js';
import { v2 } from '../../runtime/model/v2Parts.js';
import { createModelReads } from '../system/modelReads.js';
import type { EngineContext } from '../engine/context.js';
import type { ModelStore } from '../engine/store/modelStore.js';
import { assertQueryNames } from '../engine/requestParts.js';
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

/** the query names of the option reads (loadDict, loadSelect besides its code): anything else is refused, not ignored */
const SEARCH_NAMES = Object.keys(searchQuery);

interface SearchQuery {
  keyword?: string;
  pageSize?: number;
}

interface TreeDataQuery {
  pid?: string;
  tableName: string;
  text: string;
  code: string;
  pidField: string;
  hasChildField?: string;
  condition?: string;
}

/** a level of loadTreeData holds at most this many nodes (the list's page cap) */
const TREE_LEVEL_SIZE = 500;
const MAX_CONDITIONS = 10;

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
  const reads = createModelReads(options.store);

  /** The model behind a table dictionary with the caller's context, or one refusal whatever the reason. */
  async function tableDictOf(request: FastifyRequest, dictCode: string): Promise<TableDictRead> {
    const auth = authOf(request);
    const models = [...options.store.current().entries.values()].map((entry) => entry.compiled);
    const ref = resolveTableDict(dictCode, models);
    // an unknown table or field, a model the caller may not list and a field their roles hide on it (field
    // access: the list leaves it out, so its texts must not come back here) answer alike: no existence oracle
    if (ref && (await holdsPermission(db, auth, ref.model.permission('list')))) {
      const context = await env.contextFor(request, ref.model);
      const hidden = context.scope.fields?.hidden;
      if (!hidden?.has(ref.text.name) && !hidden?.has(ref.value.name)) return { ref, context };
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

  /** loadTreeData's condition: a JSON object of lookup fields and scalar values, as list filters */
  function conditionFilters(ref: TableDictRef, text: string | undefined): Record<string, string> {
    if (!text) return {};
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw appError('CL_ERR_BAD_REQUEST', { detail: 'condition must be a JSON object' });
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw appError('CL_ERR_BAD_REQUEST', { detail: 'condition must be a JSON object' });
    const entries = Object.entries(parsed as Record<string, unknown>);
    if (entries.length > MAX_CONDITIONS) throw appError('CL_ERR_BAD_REQUEST', { detail: `condition: at most ${MAX_CONDITIONS} fields` });
    return Object.fromEntries(
      entries.map(([name, value]) => {
        if (!lookupField(ref.model, name)) throw appError('CL_ERR_FIELD_UNKNOWN', { field: name.slice(0, 60) });
        if (typeof value !== 'string' && typeof value !== 'number') throw appError('CL_ERR_BAD_REQUEST', { detail: `condition.${name}: a text or a number` });
        return [name, String(value)];
      }),
    );
  }

  async function plainItems(request: FastifyRequest, dictCode: string) {
    return translateDictItems(await app.ctx.dicts.items(dictCode), request.lang, app.ctx.translate);
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
    async (request) => {
      assertQueryNames(request, ['_t']);
      app.ctx.dicts.clear();
      return toJeecgEnvelope(null);
    },
  );

  app.get('/sys/dict/queryAllDictItems', { schema: { querystring: { type: 'object', properties: { _t: t } } }, config: access }, async (request) => {
    assertQueryNames(request, ['_t']);
    const all = await app.ctx.dicts.all();
    return toJeecgEnvelope(allDictOptionsIn(all, request.lang, app.ctx.translate));
  });

  app.get<{ Querystring: SearchQuery & { code: string } }>(
    '/sys/dict/loadSelect',
    { schema: { querystring: { type: 'object', required: ['code'], properties: { code, ...searchQuery } } }, config: access },
    async (request) => {
      assertQueryNames(request, ['code', ...SEARCH_NAMES]);
      return toJeecgEnvelope(await optionsOf(request, request.query.code, request.query));
    },
  );

  app.get<{ Params: { code: string }; Querystring: SearchQuery }>(
    '/sys/dict/loadDict/:code',
    { schema: { params: codeParams, querystring: { type: 'object', properties: searchQuery } }, config: access },
    async (request) => {
      assertQueryNames(request, SEARCH_NAMES);
      return toJeecgEnvelope(await optionsOf(request, request.params.code, request.query));
    },
  );

  // JTreeSelect: one level of a tree-shaped model, named like a table dictionary plus its parent field
  app.get<{ Querystring: TreeDataQuery }>(
    '/sys/dict/loadTreeData',
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['tableName', 'text', 'code', 'pidField'],
          properties: {
            pid: { type: 'string', maxLength: 64 },
            tableName: { type: 'string', maxLength: 64 },
            text: { type: 'string', maxLength: 64 },
            code: { type: 'string', maxLength: 64 },
            pidField: { type: 'string', maxLength: 64 },
            hasChildField: { type: 'string', maxLength: 64 },
            condition: { type: 'string', maxLength: 2000 },
            converIsLeafVal: { type: 'string', maxLength: 5 },
            _t: t,
          },
        },
      },
      config: access,
    },
    async (request) => {
      assertQueryNames(request, ['pid', 'tableName', 'text', 'code', 'pidField', 'hasChildField', 'condition', 'converIsLeafVal', '_t']);
      const q = request.query;
      const { ref } = await tableDictOf(request, `${q.tableName},${q.text},${q.code}`);
      const parent = lookupField(ref.model, q.pidField);
      // hasChildField is JeecgBoot's stored flag; leafness is computed here, but the name is still checked
      if (!parent || (q.hasChildField && !lookupField(ref.model, q.hasChildField))) {
        throw appError('CL_ERR_DICT_TABLE_UNKNOWN', { table: q.tableName.slice(0, 60) });
      }
      const root = String(v2(ref.model.model).tree?.rootValue ?? '0');
      const modelId = ref.model.model.id;
      const filters = { ...conditionFilters(ref, q.condition), [parent.name]: q.pid || root, pageSize: String(TREE_LEVEL_SIZE) };
      const page = await reads.list(request, modelId, filters);
      const rows = await reads.markLeaves(modelId, parent.name, page.rows as Record<string, unknown>[]);
      return toJeecgEnvelope(
        rows.map((row) => {
          const value = String(row[ref.value.name] ?? '');
          return {
            key: value,
            value,
            title: String(row[ref.text.name] ?? ''),
            code: value,
            parentId: String(row[parent.name] ?? ''),
            isLeaf: row.isLeaf,
            leaf: row.isLeaf,
          };
        }),
      );
    },
  );

  app.get<{ Params: { code: string }; Querystring: { key?: string } }>(
    '/sys/dict/loadDictItem/:code',
    {
      schema: { params: codeParams, querystring: { type: 'object', properties: { key: { type: 'string', maxLength: 100_000 }, _t: t } } },
      config: access,
    },
    async (request) => {
      assertQueryNames(request, ['key', '_t']);
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
