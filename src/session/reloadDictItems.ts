import type { HttpClient } from '../../runtime/data/HttpClient';
import type { SessionStore } from './createSessionStore';
import type { DictItemMap } from './types';

/**
 * GET /sys/dict/queryAllDictItems into the session (kept 7 days). The labels come in the request's
 * language, `lang` (the one the http client sends now), and are kept with it: the renderer's dictionary
 * source takes them only while the page is in that language, so 启用/禁用 switch language with everything
 * else even when a switch's refresh never arrived (a reload before the answer).
 */
export async function reloadDictItems(http: HttpClient, session: SessionStore, lang: string): Promise<void> {
  const { data } = await http.get<DictItemMap>('/sys/dict/queryAllDictItems', undefined, { silent: true });
  session.setDictItems(data, lang);
}
