import type { FastifyInstance, FastifyRequest } from 'fastify';
import { appError } from '../errors.js';
import { toApiEnvelope } from '../envelopes/toApiEnvelope.js';
import { successMessage } from '../i18n/messages.js';
import { assertQueryNames } from '../engine/requestParts.js';
import type { ModelStore } from '../engine/store/modelStore.js';
import { createModelReads } from '../system/modelReads.js';
import { AREA_ROOT } from '../system/seedAreas.js';

const MODEL = 'system.area';
const LIST = { access: { permission: 'system:area:list' } } as const;
/** a tree level or a keyword search answers at most this many areas (the list's page cap) */
const MAX_ROWS = '500';
// at most 100 paths of 5 ids: 500 ids, one page of the list
const MAX_PATHS = 100;
const MAX_PATH_DEPTH = 5;

const id = { type: 'string', minLength: 1, maxLength: 64 } as const;
const t = { type: 'string', maxLength: 20 } as const;

type Row = Record<string, unknown> & { id: unknown };

const isId = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= 64;

/** GetAreaByIds' entries: ids, or paths of at most MAX_PATH_DEPTH ids. */
function pathsOf(idsList: unknown[]): string[][] {
  return idsList.map((entry) => {
    const path = Array.isArray(entry) ? (entry as unknown[]) : [entry];
    if (path.length > MAX_PATH_DEPTH || !path.every(isId))
      throw appError('CL_ERR_BAD_REQUEST', { detail: `idsList: ids or paths of up to ${MAX_PATH_DEPTH} ids` });
    return path;
  });
}

/**
 * The irregular calls of /api/system/Area (spec 001 §7 "Areas") on top of the model's generic ones
 * (create, update, Info, State, remove): a tree level by parent, the parent picker and path-to-name
 * translation. Each is a read of the model's list (createModelReads), so permission, data scope and
 * paging cap are the model's; the root of the tree is 86 (china-area-data's), `0` in a path means it.
 */
export default async function systemAreaRoutes(app: FastifyInstance, options: { store: ModelStore }): Promise<void> {
  const reads = createModelReads(options.store);

  const withLeafMarks = (rows: Row[]) => reads.markLeaves(MODEL, 'parentId', rows);

  const level = async (request: FastifyRequest, parentId: string, extra: Record<string, string> = {}) => {
    const parent = parentId === '0' ? AREA_ROOT : parentId;
    const page = await reads.list(request, MODEL, { parentId: parent, pageSize: MAX_ROWS, ...extra });
    return withLeafMarks(page.rows as Row[]);
  };

  app.get<{ Params: { parentId: string }; Querystring: { keyword?: string } }>(
    '/api/system/Area/:parentId',
    {
      schema: {
        params: { type: 'object', properties: { parentId: id } },
        querystring: { type: 'object', properties: { keyword: { type: 'string', maxLength: 100 }, _t: t } },
      },
      config: LIST,
    },
    async (request) => {
      assertQueryNames(request, ['keyword', '_t']);
      const keyword = request.query.keyword?.trim();
      // a keyword searches every level (the list's keyword search), as a picker's search box expects
      const rows = keyword
        ? await withLeafMarks((await reads.list(request, MODEL, { keyword, pageSize: MAX_ROWS })).rows as Row[])
        : await level(request, request.params.parentId);
      return toApiEnvelope({ list: rows }, successMessage('done', request.lang));
    },
  );

  app.get<{ Params: { id: string; parent: string } }>(
    '/api/system/Area/:id/Selector/:parent',
    { schema: { params: { type: 'object', properties: { id, parent: id } }, querystring: { type: 'object', properties: { _t: t } } }, config: LIST },
    async (request) => {
      assertQueryNames(request, ['_t']);
      // the area being edited (and so its whole branch) is not offered as its own parent; `0` is a new area
      const rows = (await level(request, request.params.parent, { enabledMark: '1' })).filter((row) => String(row.id) !== request.params.id);
      return toApiEnvelope({ list: rows }, successMessage('done', request.lang));
    },
  );

  app.post<{ Body: { idsList: (string | string[])[] } }>(
    '/api/system/Area/GetAreaByIds',
    {
      schema: {
        body: {
          type: 'object',
          required: ['idsList'],
          additionalProperties: false,
          properties: {
            idsList: {
              type: 'array',
              maxItems: MAX_PATHS,
              // entries are checked by pathsOf: a schema anyOf would let the validator turn ['x'] into 'x',
              // and a union type makes ajv's strict mode warn on every start
            },
          },
        },
        querystring: { type: 'object', properties: { _t: t } },
      },
      config: LIST,
    },
    async (request) => {
      assertQueryNames(request, ['_t']);
      // a path [province, city, district] answers its names; a flat list of ids answers one name each
      const paths = pathsOf(request.body.idsList);
      const ids = [...new Set(paths.flat())];
      const names = new Map<string, string>();
      if (ids.length > 0) {
        const page = await reads.list(request, MODEL, { id: ids.join(','), pageSize: MAX_ROWS });
        for (const row of page.rows) names.set(String(row.id), String(row.fullName));
      }
      const answer = request.body.idsList.map((entry) => (Array.isArray(entry) ? entry.map((one) => names.get(one) ?? '') : (names.get(entry) ?? '')));
      return toApiEnvelope(answer, successMessage('done', request.lang));
    },
  );
}
