import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { DataProvider, DataRecord, FieldFilter } from '../../data/DataProvider';
import type { ServedModel, SortDef } from '../../model/types';
import { pageSettings } from './pageSettings';

export interface ListQuery {
  page: number;
  pageSize: number;
  sort?: SortDef;
  keyword?: string;
  filters: Record<string, FieldFilter>;
}

/** What the search bar asks for; empty values are already dropped. */
export interface SearchCriteria {
  keyword?: string;
  filters: Record<string, FieldFilter>;
}

export type ListStatus =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; records: DataRecord[]; total: number; refreshing: boolean };

export type ListController = ListStatus & {
  params: ListQuery;
  /** ids of the checked rows (cleared whenever a page loads) */
  selection: string[];
  setSelection(ids: string[]): void;
  /** new criteria, back to page 1 */
  search(criteria: SearchCriteria): void;
  changePage(page: number, pageSize: number): void;
  /** undefined: the server's default order */
  changeSort(sort: SortDef | undefined): void;
  reload(): void;
};

export interface ListControllerOptions {
  /** filters every request carries (a sub-record list's foreign key) */
  fixedFilters?: Record<string, FieldFilter>;
}

/** The list page's state, headless: params, the current page of records, selection; <ListPage> renders it. */
export function useListController(served: ServedModel, dataProvider: DataProvider, options: ListControllerOptions = {}): ListController {
  const [params, setParams] = useState<ListQuery>(() => ({
    page: 1,
    pageSize: pageSettings(served).size,
    sort: served.model.entity.defaultSort,
    filters: {},
  }));
  const [status, setStatus] = useState<ListStatus>({ status: 'loading' });
  const [selection, setSelection] = useState<string[]>([]);
  const [reloads, setReloads] = useState(0);
  const fixedKey = JSON.stringify(options.fixedFilters ?? {});
  const fixed = useRef(options.fixedFilters);
  fixed.current = options.fixedFilters;

  useEffect(() => {
    const controller = new AbortController();
    setStatus((current) => (current.status === 'ready' ? { ...current, refreshing: true } : { status: 'loading' }));
    const { keyword, ...rest } = params;
    dataProvider
      .list({ ...rest, ...(keyword ? { keyword } : {}), filters: { ...params.filters, ...fixed.current }, signal: controller.signal })
      .then(
        (result) => {
          if (controller.signal.aborted) return;
          setStatus({ status: 'ready', records: result.records, total: result.total, refreshing: false });
          setSelection([]);
        },
        (error: unknown) => !controller.signal.aborted && setStatus({ status: 'error', error }),
      );
    return () => controller.abort();
  }, [dataProvider, params, reloads, fixedKey]);

  const search = useCallback((criteria: SearchCriteria) => setParams((p) => ({ ...p, keyword: criteria.keyword, filters: criteria.filters, page: 1 })), []);
  const changePage = useCallback(
    (page: number, pageSize: number) => setParams((p) => ({ ...p, page: pageSize === p.pageSize ? page : 1, pageSize })),
    [],
  );
  const changeSort = useCallback((sort: SortDef | undefined) => setParams((p) => ({ ...p, sort, page: 1 })), []);
  const reload = useCallback(() => setReloads((n) => n + 1), []);

  return useMemo(
    () => ({ ...status, params, selection, setSelection, search, changePage, changeSort, reload }),
    [status, params, selection, search, changePage, changeSort, reload],
  );
}
