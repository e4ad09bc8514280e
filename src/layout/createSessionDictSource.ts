import type { HttpClient } from '../../runtime/data/HttpClient';
import { createDictSource, staticDictSource, type DictSource } from '../../runtime';
import type { SessionStore } from '../session/createSessionStore';

/**
 * Dictionaries for the renderer from the session's cached sysAllDictItems (login, 清除缓存), so the
 * widgets need no extra request; without a cache it falls back to the runtime's own loader.
 */
export function createSessionDictSource(session: SessionStore, http: HttpClient): DictSource {
  const fallback = createDictSource(http);
  let basis: object | null = null;
  let cached: DictSource = fallback;
  const current = (): DictSource => {
    const items = session.state.dictItems;
    if (items === null) return fallback;
    if (items !== basis) {
      basis = items;
      cached = staticDictSource(items as Parameters<typeof staticDictSource>[0]);
    }
    return cached;
  };
  return {
    options: (code) => current().options(code),
    peek: (code) => current().peek?.(code),
  };
}
