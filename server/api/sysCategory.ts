import type { FastifyInstance, FastifyRequest } from 'fastify';
import { toJeecgEnvelope } from '../envelopes/toJeecgEnvelope.js';
import { assertQueryNames } from '../engine/requestParts.js';
import type { ModelStore } from '../engine/store/modelStore.js';
import { appError } from '../errors.js';
import { createModelReads } from '../system/modelReads.js';
import { nestRows } from '../system/nestRows.js';

const MODEL = 'system.category';
const ROOT = '0';
/** a level (or a whole tree read for a synchronous picker) holds at most this many categories */
const LEVEL_SIZE = 500;
const MAX_IDS = 500;
/** the category trees are dictionaries every form may show: any signed-in user reads their tenant's */
const access = { access: 'authenticated' } as const;

const text = (max: number) => ({ type: 'string', maxLength: max }) as const;

/** JeecgBoot's TreeSelectModel, what JCategorySelect reads. */
interface TreeNode {
  key: string;
  title: string;
  value: string;
  code: string;
  parentId: string;
  leaf: boolean;
  isLeaf: boolean;
  children?: TreeNode[];
}

type Row = Record<string, unknown> & { id: unknown; hasChildren: boolean };

function toNode(row: Row): TreeNode {
  const leaf = !row.hasChildren;
  return { key: String(row.id), title: String(row.name), value: String(row.id), code: String(row.code), parentId: String(row.pid), leaf, isLeaf: leaf };
}

/**
 * The category tree calls of JeecgBoot (`/sys/category/*`, spec 001 §7 "Other") over the model
 * system.category, whose list, add, edit, delete and export are the model's generic endpoints. Every
 * read is the model's list (tenant and data scope apply); a code or id the caller cannot see reads as absent.
 */
export default async function sysCategoryRoutes(app: FastifyInstance, options: { store: ModelStore }): Promise<void> {
  const reads = createModelReads(options.store);

  async function level(request: FastifyRequest, pid: string): Promise<TreeNode[]> {
    const page = await reads.list(request, MODEL, { pid, pageSize: String(LEVEL_SIZE) });
    return (await reads.markLeaves(MODEL, 'pid', page.rows as Row[])).map(toNode);
  }

  /** the id of the category with this code, the root for '' or '0', null when the caller has none such */
  async function idOfCode(request: FastifyRequest, pcode: string | undefined): Promise<string | null> {
    if (!pcode || pcode === ROOT) return ROOT;
    const page = await reads.list(request, MODEL, { code: pcode, pageSize: '1' });
    return page.rows[0] ? String(page.rows[0].id) : null;
  }

  /** every category under `pid`, nested (for a picker that loads the tree at once; ModelReads.all caps the read) */
  async function subtree(request: FastifyRequest, pid: string): Promise<TreeNode[]> {
    const rows = (await reads.all(request, MODEL, {})) as Row[];
    const nodes = (await reads.markLeaves(MODEL, 'pid', rows)).map(toNode);
    return nestRows(
      nodes,
      (node) => node.key,
      (node) => node.parentId,
      pid,
    ) as TreeNode[];
  }

  app.get<{ Querystring: { async?: string; pcode?: string } }>(
    '/sys/category/loadTreeRoot',
    { schema: { querystring: { type: 'object', properties: { async: text(5), pcode: text(100), _t: text(20) } } }, config: access },
    async (request) => {
      assertQueryNames(request, ['async', 'pcode', '_t']);
      const pid = await idOfCode(request, request.query.pcode);
      if (pid === null) return toJeecgEnvelope([]);
      return toJeecgEnvelope(request.query.async === 'false' ? await subtree(request, pid) : await level(request, pid));
    },
  );

  app.get<{ Querystring: { pcode?: string } }>(
    '/sys/category/loadTreeData',
    { schema: { querystring: { type: 'object', properties: { pcode: text(100), _t: text(20) } } }, config: access },
    async (request) => {
      assertQueryNames(request, ['pcode', '_t']);
      const pid = await idOfCode(request, request.query.pcode);
      return toJeecgEnvelope(pid === null ? [] : await subtree(request, pid));
    },
  );

  app.get<{ Querystring: { pid?: string } }>(
    '/sys/category/loadTreeChildren',
    { schema: { querystring: { type: 'object', properties: { pid: text(64), _t: text(20) } } }, config: access },
    async (request) => {
      assertQueryNames(request, ['pid', '_t']);
      return toJeecgEnvelope(await level(request, request.query.pid || ROOT));
    },
  );

  app.get<{ Querystring: { field?: string; val?: string } }>(
    '/sys/category/loadOne',
    { schema: { querystring: { type: 'object', required: ['val'], properties: { field: text(20), val: text(100), _t: text(20) } } }, config: access },
    async (request) => {
      assertQueryNames(request, ['field', 'val', '_t']);
      const field = request.query.field ?? 'code';
      if (field !== 'code' && field !== 'id') throw appError('CL_ERR_QUERY_PARAM_UNKNOWN', { name: `field=${field.slice(0, 40)}` });
      const page = await reads.list(request, MODEL, { [field]: request.query.val!, pageSize: '1' });
      if (!page.rows[0]) throw appError('CL_ERR_RECORD_NOT_FOUND');
      return toJeecgEnvelope(page.rows[0]);
    },
  );

  app.get<{ Querystring: { ids?: string; delNotExist?: string } }>(
    '/sys/category/loadDictItem',
    { schema: { querystring: { type: 'object', properties: { ids: text(64 * MAX_IDS), delNotExist: text(5), _t: text(20) } } }, config: access },
    async (request) => {
      assertQueryNames(request, ['ids', 'delNotExist', '_t']);
      const ids = (request.query.ids ?? '').split(',').filter((id) => id !== '');
      if (ids.length > MAX_IDS) throw appError('CL_ERR_BAD_REQUEST', { detail: `ids: at most ${MAX_IDS}` });
      if (ids.length === 0) return toJeecgEnvelope([]);
      const page = await reads.list(request, MODEL, { id: [...new Set(ids)].join(','), pageSize: String(MAX_IDS) });
      const names = new Map(page.rows.map((row) => [String(row.id), String(row.name)]));
      // JeecgBoot drops unknown ids unless delNotExist=false asks to keep their places
      const keep = request.query.delNotExist === 'false';
      return toJeecgEnvelope(ids.flatMap((id) => (names.has(id) ? [names.get(id)!] : keep ? [''] : [])));
    },
  );
}
