import type { DataProvider, DataRecord, ListParams } from '../../runtime/data/DataProvider';

/**
 * The preview's data: rows kept in the browser, so the real renderer can list, open, add, edit and
 * delete on a model that has no table yet. Operations that need the server (export, import, named
 * operations) answer with `unsupported`.
 */
export function createPreviewProvider(initial: DataRecord[], unsupported: string): DataProvider {
  let rows = [...initial];
  let next = initial.length + 1;
  const refuse = () => Promise.reject(new Error(unsupported));
  const page = (params: ListParams) => {
    const keyword = params.keyword?.trim();
    const matching = keyword ? rows.filter((r) => Object.values(r).some((v) => typeof v === 'string' && v.includes(keyword))) : rows;
    const start = (params.page - 1) * params.pageSize;
    return { records: matching.slice(start, start + params.pageSize), total: matching.length, page: params.page, pageSize: params.pageSize };
  };
  return {
    list: async (params) => page(params),
    get: async (id) => {
      const row = rows.find((r) => r.id === id);
      if (!row) throw new Error(unsupported);
      return row;
    },
    create: async (values) => {
      rows = [{ ...values, id: `sample-${next++}`, version: 1 }, ...rows];
      return '';
    },
    update: async (id, values) => {
      rows = rows.map((r) => (r.id === id ? { ...r, ...values, id, version: (r.version ?? 1) + 1 } : r));
      return '';
    },
    remove: async (id) => {
      rows = rows.filter((r) => r.id !== id);
      return '';
    },
    removeMany: async (ids) => {
      rows = rows.filter((r) => !ids.includes(r.id));
      return '';
    },
    toggleState: refuse,
    callOperation: refuse,
    exportFile: refuse,
    importFile: refuse,
    importTemplate: refuse,
  };
}
