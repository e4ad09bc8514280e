import { proxy, ref } from 'valtio';
import { LOGIN_DATA_TTL_MS } from '../app/constants';
import { createPrefixedStorage } from './createPrefixedStorage';
import type { Depart, DictItemMap, LoginResult, MenuNode, PermissionItem, PermissionResult, UserInfo } from './types';

/** Storage names (each stored as 'cloudlab__' + name). */
export const SESSION_KEYS = {
  token: 'token',
  userInfo: 'userInfo',
  departs: 'departs',
  tenantId: 'tenantId',
  dictItems: 'dictItems',
  /** the language dictItems were answered in (the request's Accept-Language) */
  dictItemsLang: 'dictItemsLang',
  /** the dictionaries' version (the server's x-dict-version) dictItems were read under */
  dictItemsVersion: 'dictItemsVersion',
  /** the '/business' link's token (POST /admin/index/getToken), kept 7 days */
  businessToken: 'businessToken',
  /** sessionStorage (spec 000 §6) */
  auth: 'auth',
  allAuth: 'allAuth',
  /** the chosen top-level menu (spec 000 §6 "stored locally"); a preference, kept across sign-outs */
  topMenuId: 'topMenuId',
} as const;

export interface SessionState {
  token: string | null;
  userInfo: UserInfo | null;
  departs: Depart[];
  /** sent as tenant_id; null → '0' (the user's default tenant) */
  tenantId: string | null;
  dictItems: DictItemMap | null;
  /** the language of dictItems: labels cached in another language are not this page's (see createSessionDictSource) */
  dictItemsLang: string | null;
  /** the dictionaries' version dictItems were read under; null: not known yet (the next answer's is taken) */
  dictItemsVersion: string | null;
  /** an answer named another version of the dictionaries than dictItems': they are read again when next used */
  dictItemsStale: boolean;
  auth: PermissionItem[];
  allAuth: PermissionItem[];
  /** the server menu; null until loaded in this page load (the guard fetches it) */
  menu: MenuNode[] | null;
  topMenuId: string | null;
}

export interface SessionStore {
  /** a valtio proxy: read it with useSnapshot in components, directly elsewhere */
  readonly state: SessionState;
  /** `lang`: the language the sign-in was asked in, that of its sysAllDictItems */
  signIn(result: LoginResult, lang: string): void;
  setUserInfo(userInfo: UserInfo): void;
  /** `lang`: the language the items were asked in */
  setDictItems(items: DictItemMap, lang: string): void;
  /**
   * The dictionaries' version an answer named (x-dict-version): another than dictItems' marks them stale,
   * so a dictionary saved here or by someone else shows without 清除缓存.
   */
  noteDictVersion(version: string): void;
  setPermissions(result: PermissionResult): void;
  chooseTopMenu(id: string): void;
  /** drops the token, user data, permissions, menu and cached dictionaries (local only; see logout.ts) */
  clear(): void;
}

export interface SessionStorages {
  local: Storage;
  session: Storage;
  now?: () => number;
}

/**
 * The app's session state, hydrated from storage. Login data lives 7 days; auth/allAuth live in
 * sessionStorage; the menu stays in memory so every page load asks the server again.
 * A password is never part of it.
 */
export function createSessionStore({ local, session, now }: SessionStorages): SessionStore {
  const persistent = createPrefixedStorage(local, now);
  const perTab = createPrefixedStorage(session, now);

  const state = proxy<SessionState>({
    token: persistent.get<string>(SESSION_KEYS.token),
    userInfo: persistent.get<UserInfo>(SESSION_KEYS.userInfo),
    departs: persistent.get<Depart[]>(SESSION_KEYS.departs) ?? [],
    tenantId: persistent.get<string>(SESSION_KEYS.tenantId),
    dictItems: asWhole(persistent.get<DictItemMap>(SESSION_KEYS.dictItems)),
    dictItemsLang: persistent.get<string>(SESSION_KEYS.dictItemsLang),
    dictItemsVersion: persistent.get<string>(SESSION_KEYS.dictItemsVersion),
    dictItemsStale: false,
    auth: ref(perTab.get<PermissionItem[]>(SESSION_KEYS.auth) ?? []),
    allAuth: ref(perTab.get<PermissionItem[]>(SESSION_KEYS.allAuth) ?? []),
    menu: null,
    topMenuId: persistent.get<string>(SESSION_KEYS.topMenuId),
  });
  // the version the latest answer named (the one dictItems read now are stamped with)
  let latestDictVersion: string | null = null;
  // without a token the rest of the login data means nothing
  if (state.token === null) clearLoginData();

  function clearLoginData(): void {
    const loginData = [
      SESSION_KEYS.token,
      SESSION_KEYS.userInfo,
      SESSION_KEYS.departs,
      SESSION_KEYS.tenantId,
      SESSION_KEYS.dictItems,
      SESSION_KEYS.dictItemsLang,
      SESSION_KEYS.dictItemsVersion,
      SESSION_KEYS.businessToken,
    ];
    for (const name of loginData) {
      persistent.remove(name);
    }
    perTab.remove(SESSION_KEYS.auth);
    perTab.remove(SESSION_KEYS.allAuth);
    latestDictVersion = null;
    Object.assign(state, {
      token: null,
      userInfo: null,
      departs: [],
      tenantId: null,
      dictItems: null,
      dictItemsLang: null,
      dictItemsVersion: null,
      dictItemsStale: false,
      auth: ref([]),
      allAuth: ref([]),
      menu: null,
    });
  }

  return {
    state,
    signIn(result, lang) {
      const userInfo = result.userInfo;
      persistent.set(SESSION_KEYS.token, result.token, LOGIN_DATA_TTL_MS);
      persistent.set(SESSION_KEYS.userInfo, userInfo, LOGIN_DATA_TTL_MS);
      persistent.set(SESSION_KEYS.departs, result.departs ?? [], LOGIN_DATA_TTL_MS);
      persistent.set(SESSION_KEYS.dictItems, result.sysAllDictItems ?? {}, LOGIN_DATA_TTL_MS);
      persistent.set(SESSION_KEYS.dictItemsLang, lang, LOGIN_DATA_TTL_MS);
      // the sign-in's sysAllDictItems are as new as the next answer's version: that one is taken
      persistent.remove(SESSION_KEYS.dictItemsVersion);
      latestDictVersion = null;
      perTab.remove(SESSION_KEYS.auth);
      perTab.remove(SESSION_KEYS.allAuth);
      Object.assign(state, {
        token: result.token,
        userInfo,
        departs: [...(result.departs ?? [])],
        dictItems: ref(result.sysAllDictItems ?? {}),
        dictItemsLang: lang,
        dictItemsVersion: null,
        dictItemsStale: false,
        auth: ref([]),
        allAuth: ref([]),
        menu: null,
      });
    },
    setUserInfo(userInfo) {
      persistent.set(SESSION_KEYS.userInfo, userInfo, LOGIN_DATA_TTL_MS);
      state.userInfo = userInfo;
    },
    setDictItems(items, lang) {
      persistent.set(SESSION_KEYS.dictItems, items, LOGIN_DATA_TTL_MS);
      persistent.set(SESSION_KEYS.dictItemsLang, lang, LOGIN_DATA_TTL_MS);
      // read under the version the latest answer (this read's own) named
      if (latestDictVersion === null) persistent.remove(SESSION_KEYS.dictItemsVersion);
      else persistent.set(SESSION_KEYS.dictItemsVersion, latestDictVersion, LOGIN_DATA_TTL_MS);
      Object.assign(state, { dictItems: ref(items), dictItemsLang: lang, dictItemsVersion: latestDictVersion, dictItemsStale: false });
    },
    noteDictVersion(version) {
      latestDictVersion = version;
      if (state.token === null) return;
      if (state.dictItemsVersion === null) {
        persistent.set(SESSION_KEYS.dictItemsVersion, version, LOGIN_DATA_TTL_MS);
        state.dictItemsVersion = version;
        return;
      }
      const stale = version !== state.dictItemsVersion;
      if (state.dictItemsStale !== stale) state.dictItemsStale = stale;
    },
    setPermissions({ menu, auth, allAuth }) {
      perTab.set(SESSION_KEYS.auth, auth);
      perTab.set(SESSION_KEYS.allAuth, allAuth);
      Object.assign(state, { menu: ref([...menu]), auth: ref([...auth]), allAuth: ref([...allAuth]) });
    },
    chooseTopMenu(id) {
      persistent.set(SESSION_KEYS.topMenuId, id);
      state.topMenuId = id;
    },
    clear: clearLoginData,
  };
}

/**
 * The menu, the permission lists and the dictionaries are replaced whole, never edited in place, and an
 * admin's run to thousands of entries: kept as valtio refs, a change is seen by identity. As deep proxies
 * each entry became a proxy when set, a copy in every snapshot, and a tracked read in every component
 * that walked them: main-thread time of a signed-in first screen before the list page could ask for its rows.
 */
function asWhole<T extends object>(value: T | null): T | null {
  return value === null ? null : ref(value);
}
