import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { CompiledModel } from '../engine/compileModel.js';
import type { EngineContext } from '../engine/EngineContext.js';
import { createListQueryParser, MAX_PAGE_SIZE } from '../engine/listQuery.js';
import { listRecords, type ListPage } from '../engine/readRecords.js';
import type { ModelStore } from '../engine/store/modelStore.js';

/**
 * Reads for the hand-written calls of system models (Selector, GetAreaByIds…) that answer in shapes the
 * generic endpoints do not: every read still goes through the engine's list, so the tenant, the caller's
 * data scope, the model's filters and its paging cap apply exactly as on the model's own list.
 */
/** a tree read at once (a picker's whole tree) stops after this many pages */
const MAX_ALL_PAGES = 4;

export interface ModelReads {
  /** the model as currently served (a release swaps it) */
  model(id: string): CompiledModel;
  context(request: FastifyRequest, model: CompiledModel): Promise<EngineContext>;
  /** one page of the model's list; `query` holds list parameters as the generic list takes them */
  list(request: FastifyRequest, modelId: string, query: Record<string, string>): Promise<ListPage>;
  /** every row the list answers for `query`, page by page, at most MAX_ALL_PAGES pages of MAX_PAGE_SIZE (a tree read at once) */
  all(request: FastifyRequest, modelId: string, query: Record<string, string>): Promise<Record<string, unknown>[]>;
  /** the rows with `hasChildren` / `isLeaf`, by whether any row names them in `parentField` (one query) */
  markLeaves<T extends Record<string, unknown>>(modelId: string, parentField: string, rows: T[]): Promise<(T & { hasChildren: boolean; isLeaf: boolean })[]>;
}

export function createModelReads(store: ModelStore): ModelReads {
  const model = (id: string): CompiledModel => {
    const entry = store.current().entries.get(id);
    if (!entry) throw new Error(`model ${id} is not loaded`);
    return entry.compiled;
  };
  return {
    model,
    context: (request, compiled) => store.env.contextFor(request, compiled),
    async list(request, modelId, query) {
      const compiled = model(modelId);
      const q = createListQueryParser(compiled)(query);
      return listRecords(store.env, compiled, q, await store.env.contextFor(request, compiled));
    },
    async all(request, modelId, query) {
      const rows: Record<string, unknown>[] = [];
      for (let page = 1; page <= MAX_ALL_PAGES; page++) {
        const read = await this.list(request, modelId, { ...query, pageSize: String(MAX_PAGE_SIZE), currentPage: String(page) });
        rows.push(...read.rows);
        if (read.rows.length < MAX_PAGE_SIZE) break;
      }
      return rows;
    },
    async markLeaves(modelId, parentField, rows) {
      if (rows.length === 0) return [];
      const compiled = model(modelId);
      const parent = compiled.fields.get(parentField);
      if (!parent) throw new Error(`model ${modelId} has no field ${parentField}`);
      const ids = rows.map((row) => String(row.id));
      // ids are generated (or region codes), unique across tenants: a child always shares its parent's tenant
      const { rows: parents } = await sql<{
        p: string;
      }>`select distinct ${parent.ref} as p from ${compiled.table} where ${parent.ref} in (${sql.join(ids)})`.execute(store.env.reader);
      const having = new Set(parents.map((r) => String(r.p)));
      return rows.map((row) => ({ ...row, hasChildren: having.has(String(row.id)), isLeaf: !having.has(String(row.id)) }));
    },
  };
}
