import { getVersion, subscribe } from 'valtio';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSessionStore } from '../../../../src/session/createSessionStore';
import { loginResult, permissionResult } from '../helpers/fixtures';

const SEVEN_DAYS = 604_800_000;
const newStore = () => createSessionStore({ local: window.localStorage, session: window.sessionStorage });

describe('session store', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-03-01T08:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('keeps the login data under prefixed localStorage keys and the permissions in sessionStorage', () => {
    const store = newStore();
    store.signIn(loginResult(), 'zh-CN');
    store.setPermissions(permissionResult());
    expect(Object.keys(window.localStorage).sort()).toEqual([
      'cloudlab__departs',
      'cloudlab__dictItems',
      'cloudlab__dictItemsLang',
      'cloudlab__token',
      'cloudlab__userInfo',
    ]);
    expect(Object.keys(window.sessionStorage).sort()).toEqual(['cloudlab__allAuth', 'cloudlab__auth']);
    expect(JSON.parse(window.localStorage.getItem('cloudlab__token')!)).toEqual({ value: 'tok-123', expire: Date.now() + SEVEN_DAYS });
  });

  it('keeps the menu, permission lists and dictionaries whole (replaced, never proxied entry by entry), and tells when they change', async () => {
    const store = newStore();
    store.signIn(loginResult(), 'zh-CN');
    store.setPermissions(permissionResult());
    // a deep proxy would make each of an admin's thousands of entries a proxy, and copy them into every snapshot
    for (const whole of [store.state.menu, store.state.auth, store.state.allAuth, store.state.dictItems]) expect(getVersion(whole)).toBeUndefined();
    expect(getVersion(newStore().state.allAuth)).toBeUndefined();

    const changed = vi.fn();
    const unsubscribe = subscribe(store.state, changed);
    store.setPermissions({ ...permissionResult(), allAuth: [] });
    store.setDictItems({}, 'en');
    await Promise.resolve();
    unsubscribe();
    expect(changed).toHaveBeenCalled();
    expect(store.state.allAuth).toEqual([]);
    expect(store.state.dictItems).toEqual({});
  });

  it('restores the session in a new page load, except the menu, which is fetched again', () => {
    const first = newStore();
    first.signIn(loginResult(), 'zh-CN');
    first.setPermissions(permissionResult());
    const second = newStore();
    expect(second.state.token).toBe('tok-123');
    expect(second.state.userInfo?.username).toBe('admin');
    expect(second.state.departs).toHaveLength(1);
    expect(second.state.dictItems).toEqual({ enabled_state: [{ value: '1', text: '启用' }] });
    expect(second.state.dictItemsLang).toBe('zh-CN');
    expect(second.state.auth).toEqual(permissionResult().auth);
    expect(second.state.menu).toBeNull();
  });

  it('forgets the login data 7 days (604,800,000 ms) after sign-in', () => {
    newStore().signIn(loginResult(), 'zh-CN');
    vi.setSystemTime(Date.now() + SEVEN_DAYS - 1);
    expect(newStore().state.token).toBe('tok-123');
    vi.setSystemTime(Date.now() + 1);
    const expired = newStore();
    expect(expired.state.token).toBeNull();
    expect(expired.state.userInfo).toBeNull();
    expect(expired.state.dictItems).toBeNull();
    expect(window.localStorage.getItem('cloudlab__userInfo')).toBeNull();
  });

  it('clear() drops tokens, user data, permissions and cached dictionaries but keeps the menu choice', () => {
    const store = newStore();
    store.signIn(loginResult(), 'zh-CN');
    store.setPermissions(permissionResult());
    store.chooseTopMenu('system');
    store.clear();
    expect(store.state).toMatchObject({ token: null, userInfo: null, departs: [], dictItems: null, auth: [], allAuth: [], menu: null, topMenuId: 'system' });
    expect(Object.keys(window.localStorage)).toEqual(['cloudlab__topMenuId']);
    expect(Object.keys(window.sessionStorage)).toEqual([]);
  });

  it('a changed user info (department switch) is stored for another 7 days', () => {
    const store = newStore();
    store.signIn(loginResult(), 'zh-CN');
    vi.setSystemTime(Date.now() + SEVEN_DAYS / 2);
    store.setUserInfo({ ...loginResult().userInfo, orgCode: 'A02' });
    expect(JSON.parse(window.localStorage.getItem('cloudlab__userInfo')!).expire).toBe(Date.now() + SEVEN_DAYS);
  });
});
