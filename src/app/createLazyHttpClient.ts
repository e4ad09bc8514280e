import type { HttpClient } from '../../runtime/data/HttpClient';

/**
 * An HttpClient whose real client (axios and the data layer, ~25 KB gzip) is built on the first
 * request, keeping it out of the sign-in chunk. A failed load is forgotten so the next request retries.
 */
export function createLazyHttpClient(load: () => Promise<HttpClient>): HttpClient {
  let client: Promise<HttpClient> | null = null;
  const real = () =>
    (client ??= load().catch((error: unknown) => {
      client = null;
      throw error;
    }));
  return {
    request: async (method, url, options) => (await real()).request(method, url, options),
    get: async (url, params, options) => (await real()).get(url, params, options),
    post: async (url, data, options) => (await real()).post(url, data, options),
    put: async (url, data, options) => (await real()).put(url, data, options),
    delete: async (url, params, options) => (await real()).delete(url, params, options),
  };
}
