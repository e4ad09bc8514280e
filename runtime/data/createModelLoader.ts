import { assertEnvelope } from './assertEnvelope';
import { isObject } from './dialects/envelopeFields';
import { familyOf } from '../model/familyOf';
import type { HttpClient } from './HttpClient';
import type { ModelLoader } from '../model/ModelLoader';
import type { Lang, ServedModel } from '../model/types';

const SERVED_MODEL_SHAPE = 'result: {model: {id, api, entity, …}, lang, texts: {}, patterns: {}}';

function isServedModel(value: unknown): value is ServedModel {
  return isObject(value) && isObject(value.model) && typeof value.model.id === 'string' && isObject(value.model.api) && isObject(value.texts) && isObject(value.patterns);
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The load was aborted.', 'AbortError');
}

/** The shared load, seen by one caller: that caller's abort rejects its own wait, not the load. */
function withSignal<T>(shared: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return shared;
  if (signal.aborted) return Promise.reject(abortReason(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    shared.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * Loads model files from GET /system/model/{id} in the current language. Answers are kept per
 * (id, language) for the session; callers asking for the same key at the same time share one request;
 * a failed load is forgotten so the next call retries. clear() forgets everything (language switch,
 * sign-out); the URL carries no `_t`, so a re-fetch is answered 304 by the ETag.
 *
 * @example
 * const models = createModelLoader(http, () => i18n.language as Lang);
 * const served = await models.load('system.position');
 */
export function createModelLoader(http: HttpClient, getLang: () => Lang): ModelLoader {
  let cache = new Map<string, Promise<ServedModel>>();

  function fetchModel(id: string): Promise<ServedModel> {
    const url = `/system/model/${encodeURIComponent(id)}`;
    return http.get<unknown>(url).then(({ data }) => {
      assertEnvelope(data, isServedModel, SERVED_MODEL_SHAPE, { dialect: familyOf(url), method: 'GET', url }, 'CL_ERR_CONTRACT_PAYLOAD');
      return data;
    });
  }

  return {
    load(id, signal) {
      const key = `${getLang()}\u0000${id}`;
      let shared = cache.get(key);
      if (!shared) {
        const owner = cache;
        shared = fetchModel(id);
        owner.set(key, shared);
        shared.catch(() => {
          if (owner.get(key) === shared) owner.delete(key);
        });
      }
      return withSignal(shared, signal);
    },
    clear() {
      // a new map, so a load still in flight cannot put its answer back into the cleared cache
      cache = new Map();
    },
  };
}
