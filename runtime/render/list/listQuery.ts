import type { FieldFilter, ListParams } from '../../data/DataProvider';
import type { SortDef } from '../../model/types';

/** What one list request asks for: page, size, sort, keyword and field filters. */
export interface ListQuery {
  page: number;
  pageSize: number;
  sort?: SortDef;
  keyword?: string;
  filters: Record<string, FieldFilter>;
  /** the advanced query's conditions (spec 000 §4: emitted as a list of conditions plus match type) */
  superQuery?: ListParams['superQuery'];
}

/** What the search bar asks for; empty values are already dropped. */
export interface SearchCriteria {
  keyword?: string;
  filters: Record<string, FieldFilter>;
}
