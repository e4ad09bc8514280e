import type { HttpClient } from '../../runtime/data/HttpClient';
import type { SessionStore } from './createSessionStore';
import type { DictItemMap } from './types';

/**
 * GET /sys/dict/queryAllDictItems into the session (kept 7 days). The labels come in the request's
 * language, so this runs after 清除缓存 and after every language switch: the renderer's dictionary
 * source follows the session's copy, and 启用/禁用 switch language with everything else.
 */
export async function reloadDictItems(http: HttpClient, session: SessionStore): Promise<void> {
  const { data } = await http.get<DictItemMap>('/sys/dict/queryAllDictItems', undefined, { silent: true });
  session.setDictItems(data);
}
