import autocannon from 'autocannon';

export interface LoadResult {
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  /** Requests answered in the run. */
  total: number;
}

/** Drives one target with `connections` concurrent keep-alive connections cycling through `paths`. */
export async function runLoad(base: string, paths: string[], headers: Record<string, string>, connections: number, seconds: number): Promise<LoadResult> {
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    requests: paths.map((path) => ({ method: 'GET', path, headers })),
  });
  return {
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    total: result.requests.total,
  };
}

/** The mean of several rounds of one target (errors summed). */
export function meanLoad(list: LoadResult[]): LoadResult {
  return {
    reqPerSec: list.reduce((s, r) => s + r.reqPerSec, 0) / list.length,
    p50: list.reduce((s, r) => s + r.p50, 0) / list.length,
    p99: list.reduce((s, r) => s + r.p99, 0) / list.length,
    errors: list.reduce((s, r) => s + r.errors, 0),
    total: list.reduce((s, r) => s + r.total, 0),
  };
}
