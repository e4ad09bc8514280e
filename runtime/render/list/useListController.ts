import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { DataProvider, DataRecord, FieldFilter, ListResult } from '../../data/DataProvider';
import type { ServedModel, SortDef } from '../../model/types';
import { initialListQuery, toListParams, type PendingPage } from './firstPage';
import type { ListQuery, SearchCriteria } from './listQuery';

export type { ListQuery, SearchCriteria } from './listQuery';

export type ListStatus =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | {
      status: 'ready';
      records: DataRecord[];
      total: number;
      refreshing: boolean;
      /** totals over every row of the query, when the provider answers them (a report's query.totals) */
      totals?: Record<string, unknown>;
    };

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
  /** the advanced query's conditions, back to page 1; undefined or no condition clears it */
  changeSuperQuery(superQuery: ListQuery['superQuery']): void;
  reload(): void;
};

export interface ListControllerOptions {
  /** filters every request carries (a sub-record list's foreign key) */
  fixedFilters?: Record<string, FieldFilter>;
  /** the first page, already requested (ModelPage starts it before the list renders); used by the first load only */
  firstPage?: PendingPage;
}

const readyWith = (page: ListResult): ListStatus => ({
  status: 'ready',
  records: page.records,
  total: page.total,
  refreshing: false,
  ...(page.totals ? { totals: page.totals } : {}),
});

/** The list page's state, headless: params, the current page of records, selection; <ListPage> renders it. */
export function useListController(served: ServedModel, dataProvider: DataProvider, options: ListControllerOptions = {}): ListController {
  // only the first load can use it: it was requested with the initial query, this provider and no fixed filters
  const firstPage = useRef(options.firstPage?.provider === dataProvider && !options.fixedFilters ? options.firstPage : undefined);
  const [params, setParams] = useState<ListQuery>(() => initialListQuery(served));
  // when the prefetched first page has already come, the list starts with its rows
  const [initialPage] = useState(() => firstPage.current?.peek());
  const [status, setStatus] = useState<ListStatus>(() => (initialPage ? readyWith(initialPage) : { status: 'loading' }));
  const [selection, setSelection] = useState<string[]>([]);
  const [reloads, setReloads] = useState(0);
  const fixedKey = JSON.stringify(options.fixedFilters ?? {});
  const fixed = useRef(options.fixedFilters);
  fixed.current = options.fixedFilters;

  useEffect(() => {
    const pending = firstPage.current;
    firstPage.current = undefined;
    const prefetched = pending?.take();
    if (pending && initialPage) return; // the rows shown first are this load's
    const controller = new AbortController();
    setStatus((current) => (current.status === 'ready' ? { ...current, refreshing: true } : { status: 'loading' }));
    if (prefetched && pending) controller.signal.addEventListener('abort', () => pending.abort(), { once: true });
    (prefetched ?? dataProvider.list(toListParams(params, fixed.current, controller.signal))).then(
      (result) => {
        if (controller.signal.aborted) return;
        // the last rows of the last page were deleted: go back to the new last page (its load refreshes the total)
        const lastPage = Math.max(1, Math.ceil(result.total / params.pageSize));
        if (result.records.length === 0 && params.page > lastPage) {
          setParams((p) => ({ ...p, page: lastPage }));
          return;
        }
        setStatus(readyWith(result));
        setSelection([]);
      },
      (error: unknown) => !controller.signal.aborted && setStatus({ status: 'error', error }),
    );
    return () => controller.abort();
  }, [dataProvider, params, reloads, fixedKey, initialPage]);

  const search = useCallback((criteria: SearchCriteria) => setParams((p) => ({ ...p, keyword: criteria.keyword, filters: criteria.filters, page: 1 })), []);
  const changePage = useCallback((page: number, pageSize: number) => setParams((p) => ({ ...p, page: pageSize === p.pageSize ? page : 1, pageSize })), []);
  const changeSort = useCallback((sort: SortDef | undefined) => setParams((p) => ({ ...p, sort, page: 1 })), []);
  const changeSuperQuery = useCallback(
    (superQuery: ListQuery['superQuery']) => setParams((p) => ({ ...p, superQuery: superQuery?.conditions.length ? superQuery : undefined, page: 1 })),
    [],
  );
  const reload = useCallback(() => setReloads((n) => n + 1), []);

  return useMemo(
    () => ({ ...status, params, selection, setSelection, search, changePage, changeSort, changeSuperQuery, reload }),
    [status, params, selection, search, changePage, changeSort, changeSuperQuery, reload],
  );
}
