import type { DataProvider, DataRecord, ListParams } from '../../data/DataProvider';

/** the server's largest page (server/engine/listQuery.ts MAX_PAGE_SIZE) */
export const SERVER_PAGE_SIZE = 500;
/** spec 000 §9: an unpaged data select dialog or popup shows up to 10,000 rows */
export const UNPAGED_LIMIT = 10_000;

/**
 * Every record matching `params`, up to `limit`, read page by page: the server never answers more
 * than 500 rows at once, so an unpaged picker asks for as many pages as it needs.
 */
export async function readAll(
  provider: DataProvider,
  params: Omit<ListParams, 'page' | 'pageSize'>,
  limit = UNPAGED_LIMIT,
): Promise<{ records: DataRecord[]; total: number }> {
  const records: DataRecord[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await provider.list({ ...params, page, pageSize: SERVER_PAGE_SIZE });
    records.push(...answer.records);
    if (answer.records.length < SERVER_PAGE_SIZE || records.length >= Math.min(answer.total, limit)) {
      return { records: records.slice(0, limit), total: answer.total };
    }
  }
}
