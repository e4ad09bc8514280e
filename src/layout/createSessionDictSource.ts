import type { HttpClient } from '../../runtime/data/HttpClient';
import { staticDictSource, type DictSource } from '../../runtime';
import type { SessionStore } from '../session/createSessionStore';
import { reloadDictItems } from '../session/reloadDictItems';

export interface SessionDictSource extends DictSource {
  /** reads the dictionaries again in the current language (one request at a time per language) */
  refresh(): Promise<void>;
}

/**
 * Dictionaries for the renderer from the session's cached sysAllDictItems (login, 清除缓存, language
 * switches), so the widgets need no extra request. A cache in another language than the page's (or none),
 * or one an answer has marked stale (the dictionaries' version changed), is not used: the first widget
 * that asks reads them again in the page's language.
 */
export function createSessionDictSource(session: SessionStore, http: HttpClient, lang: () => string): SessionDictSource {
  let basis: object | null = null;
  let cached: DictSource | undefined;
  const refreshing = new Map<string, Promise<void>>();

  const fresh = (): DictSource | undefined => {
    const { dictItems, dictItemsLang, dictItemsStale } = session.state;
    if (dictItems === null || dictItemsStale || dictItemsLang !== lang()) return undefined;
    if (dictItems !== basis || !cached) {
      basis = dictItems;
      cached = staticDictSource(dictItems as Parameters<typeof staticDictSource>[0]);
    }
    return cached;
  };
  const refresh = (): Promise<void> => {
    const wanted = lang();
    let pending = refreshing.get(wanted);
    if (!pending) {
      pending = reloadDictItems(http, session, wanted).finally(() => refreshing.delete(wanted));
      refreshing.set(wanted, pending);
    }
    return pending;
  };

  return {
    refresh,
    async options(code) {
      const source = fresh();
      if (source) return source.options(code);
      await refresh();
      // the language may have changed again meanwhile: these are the items asked for, whichever
      return staticDictSource((session.state.dictItems ?? {}) as Parameters<typeof staticDictSource>[0]).options(code);
    },
    peek: (code) => fresh()?.peek?.(code),
  };
}
