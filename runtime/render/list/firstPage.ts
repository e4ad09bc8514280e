import type { DataProvider, FieldFilter, ListParams, ListResult } from '../../data/DataProvider';
import type { ServedModel } from '../../model/types';
import { pageSettings } from './pageSettings';
import type { ListQuery } from './listQuery';

/** Where a list starts: page 1 at the model's page size and default sort (an operation list: its operation's order), no criteria. */
export function initialListQuery(served: ServedModel): ListQuery {
  const sort = served.model.list?.rows ? undefined : served.model.entity.defaultSort;
  return { page: 1, pageSize: pageSettings(served).size, sort, filters: {} };
}

/** The data provider's params for a list query; the fixed filters (a sub-record list's foreign key) win. */
export function toListParams(query: ListQuery, fixedFilters: Record<string, FieldFilter> | undefined, signal: AbortSignal): ListParams {
  const { keyword, ...rest } = query;
  return { ...rest, ...(keyword ? { keyword } : {}), filters: { ...query.filters, ...fixedFilters }, signal };
}

/**
 * A list's first page, requested before the list page renders (ModelPage asks as soon as the model is
 * there, so the request runs while the page renders). One list controller takes it.
 */
export interface PendingPage {
  readonly provider: DataProvider;
  /** the answer once it has come (a list mounting then starts with its rows: no empty first render) */
  peek(): ListResult | undefined;
  /** the request, handed over once; null afterwards or once aborted */
  take(): Promise<ListResult> | null;
  /** aborts the request, taken or not */
  abort(): void;
}

export function requestFirstPage(served: ServedModel, provider: DataProvider): PendingPage {
  const controller = new AbortController();
  let answer: ListResult | undefined;
  let request: Promise<ListResult> | null = provider.list(toListParams(initialListQuery(served), undefined, controller.signal));
  // the taker handles a failure; until then it (or the abort) must not surface as unhandled
  request.then((result) => (answer = result)).catch(() => undefined);
  return {
    provider,
    peek: () => answer,
    take() {
      const taken = request;
      request = null;
      return taken;
    },
    abort() {
      request = null;
      controller.abort();
    },
  };
}
