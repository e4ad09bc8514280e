import { UNPAGED_LIST_ROWS, type ServedModel } from '../../model/types';

// spec 000 §9: default page size 10 with options 10/20/30
const DEFAULT_SIZE = 10;
const DEFAULT_SIZES = [10, 20, 30];

/**
 * The model's page size and size options; the size is always among the options. An unpaged list
 * (`list.page: false`, version 10) asks for every row up to the server's cap in one page, with no options.
 */
export function pageSettings(served: ServedModel): { paged: boolean; size: number; sizes: number[] } {
  const page = served.model.list?.page;
  if (page === false) return { paged: false, size: UNPAGED_LIST_ROWS, sizes: [] };
  const size = page?.size ?? DEFAULT_SIZE;
  const sizes = page?.sizes?.length ? page.sizes : DEFAULT_SIZES;
  return { paged: true, size, sizes: sizes.includes(size) ? sizes : [...sizes, size].sort((a, b) => a - b) };
}
