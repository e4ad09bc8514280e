import type { FastifyInstance, FastifyRequest } from 'fastify';
import { itemTextIn } from '../dict/dictOptions.js';
import { toApiEnvelope } from '../envelopes/toApiEnvelope.js';
import { getRecord } from '../engine/readRecords.js';
import { assertQueryNames } from '../engine/requestParts.js';
import type { ModelStore } from '../engine/store/modelStore.js';
import { successMessage } from '../i18n/messages.js';
import { createModelReads } from '../system/modelReads.js';
import { nestRows } from '../system/nestRows.js';

const TYPE = 'system.dict';
const ITEM = 'system.dictItem';
const ROOT = '0';

const id = { type: 'string', minLength: 1, maxLength: 64 } as const;
const t = { type: 'string', maxLength: 20 } as const;
const idParams = (...names: string[]) => ({ type: 'object', properties: Object.fromEntries(names.map((n) => [n, id])) });
const onlyT = { type: 'object', properties: { _t: t } } as const;

type Row = Record<string, unknown>;

/** JNPF's names beside Cloudlab's, so pickers written for either read the same node. */
const typeNode = (row: Row): Row => ({ ...row, fullName: row.dictName, enCode: row.dictCode });
const itemNode = (row: Row): Row => ({ ...row, fullName: row.itemText, enCode: row.itemValue });

/**
 * The irregular calls of /api/system/DictionaryType and /api/system/DictionaryData (spec 001 §7) over the
 * models system.dict and system.dictItem, whose create, update, Info, delete and state are generic.
 * Reads go through the models' lists (tenant, data scope, paging cap). The selectors forms use need a
 * signed-in caller only, like the /sys/dict options; the management reads need the models' permissions.
 */
export default async function systemDictionaryRoutes(app: FastifyInstance, options: { store: ModelStore }): Promise<void> {
  const reads = createModelReads(options.store);
  const typeList = { access: { permission: 'system:dict:list' } } as const;
  const itemList = { access: { permission: 'system:dictItem:list' } } as const;
  const signedIn = { access: 'authenticated' } as const;
  const ok = (data: unknown, request: FastifyRequest) => toApiEnvelope(data, successMessage('done', request.lang));

  /** the dictionary type (through its model's scope: an unknown or unreachable one is "not found") */
  async function typeOf(request: FastifyRequest, typeId: string): Promise<Row> {
    const model = reads.model(TYPE);
    return getRecord(options.store.env, model, typeId, await reads.context(request, model));
  }

  /**
   * a type's items, nested when the type is a tree (unless `flat`: the selector's isTree=0); `exclude` drops one
   * item (and so its branch)
   */
  async function itemsOf(request: FastifyRequest, typeId: string, query: Record<string, string>, exclude?: string, flat = false): Promise<Row[]> {
    const type = await typeOf(request, typeId);
    const rows = (await reads.all(request, ITEM, { dictId: String(type.id), ...query })).filter((row) => String(row.id) !== exclude).map(itemNode);
    if (Number(type.isTree) !== 1 || query.keyword || flat) return rows;
    return nestRows(
      rows,
      (row) => String(row.id),
      (row) => String(row.parentId ?? ROOT),
      ROOT,
    );
  }

  app.get<{ Params: { id: string } }>(
    '/api/system/DictionaryType/Selector/:id',
    { schema: { params: idParams('id'), querystring: onlyT }, config: typeList },
    async (request) => {
      assertQueryNames(request, ['_t']);
      // the type being edited (and so its branch) is not offered as its own parent
      const rows = (await reads.all(request, TYPE, {})).filter((row) => String(row.id) !== request.params.id).map(typeNode);
      return ok(
        {
          list: nestRows(
            rows,
            (row) => String(row.id),
            (row) => String(row.parentId ?? ROOT),
            ROOT,
          ),
        },
        request,
      );
    },
  );

  app.get('/api/system/DictionaryData/All', { schema: { querystring: onlyT }, config: signedIn }, async (request) => {
    assertQueryNames(request, ['_t']);
    const types = (await reads.all(request, TYPE, {})).filter((type) => Number(type.delFlag ?? 0) === 0);
    const list = await Promise.all(
      types.map(async (type) => ({
        ...typeNode(type),
        dictionaryList: (await app.ctx.dicts.items(String(type.dictCode))).map((item) => ({
          enCode: item.value,
          fullName: itemTextIn(item, request.lang, app.ctx.translate),
          itemValue: item.value,
          itemText: itemTextIn(item, request.lang, app.ctx.translate),
          ...(item.color ? { color: item.color } : {}),
        })),
      })),
    );
    return ok({ list }, request);
  });

  app.get<{ Params: { typeId: string }; Querystring: { keyword?: string } }>(
    '/api/system/DictionaryData/:typeId',
    {
      schema: { params: idParams('typeId'), querystring: { type: 'object', properties: { keyword: { type: 'string', maxLength: 100 }, _t: t } } },
      config: itemList,
    },
    async (request) => {
      assertQueryNames(request, ['keyword', '_t']);
      const keyword = request.query.keyword?.trim();
      return ok({ list: await itemsOf(request, request.params.typeId, keyword ? { keyword } : {}) }, request);
    },
  );

  // spec 001 §7: GET /{id}/Selector/{parent or 0} (isTree): isTree=0 asks for the items flat, 1 (or none) nested
  app.get<{ Params: { typeId: string; id: string }; Querystring: { isTree?: '0' | '1' } }>(
    '/api/system/DictionaryData/:typeId/Selector/:id',
    {
      schema: { params: idParams('typeId', 'id'), querystring: { type: 'object', properties: { isTree: { type: 'string', enum: ['0', '1'] }, _t: t } } },
      config: itemList,
    },
    async (request) => {
      assertQueryNames(request, ['isTree', '_t']);
      return ok({ list: await itemsOf(request, request.params.typeId, {}, request.params.id, request.query.isTree === '0') }, request);
    },
  );

  app.get<{ Params: { typeId: string } }>(
    '/api/system/DictionaryData/:typeId/Data/Selector',
    { schema: { params: idParams('typeId'), querystring: onlyT }, config: signedIn },
    async (request) => {
      assertQueryNames(request, ['_t']);
      const items = await itemsOf(request, request.params.typeId, { status: '1' });
      return ok({ list: items }, request);
    },
  );

  // JNPF's export of one dictionary: the type and its items as a JSON file another installation can read
  app.get<{ Params: { typeId: string } }>(
    '/api/system/DictionaryData/:typeId/Action/Export',
    { schema: { params: idParams('typeId'), querystring: onlyT }, config: { access: { permission: 'system:dictItem:export' } } },
    async (request, reply) => {
      assertQueryNames(request, ['_t']);
      const type = await typeOf(request, request.params.typeId);
      const list = await reads.all(request, ITEM, { dictId: String(type.id) });
      const name = `${String(type.dictCode)}.json`;
      void reply.header('content-type', 'application/json; charset=utf-8').header('content-disposition', `attachment; filename="${encodeURIComponent(name)}"`);
      return JSON.stringify({ type, list }, null, 2);
    },
  );
}
