import { beforeEach, describe, expect, it } from 'vitest';
import { createSessionDictSource } from '../../../../src/layout/createSessionDictSource';
import { createSessionStore } from '../../../../src/session/createSessionStore';
import { createFakeHttp } from '../helpers/fakeHttp';
import { loginResult } from '../helpers/fixtures';

const ALL = 'GET /sys/dict/queryAllDictItems';

describe('session dictionary source', () => {
  beforeEach(() => window.localStorage.clear());

  it('uses the cached dictionaries only in the language they were answered in', async () => {
    let lang = 'zh-CN';
    const http = createFakeHttp({ [ALL]: () => ({ enabled_state: [{ value: '1', text: lang === 'en' ? 'Enabled' : '啟用' }] }) });
    const session = createSessionStore({ local: window.localStorage, session: window.sessionStorage });
    session.signIn(loginResult(), 'zh-CN');
    const dicts = createSessionDictSource(session, http, () => lang);
    expect(dicts.peek?.('enabled_state')).toEqual([{ value: '1', text: '启用' }]);

    // the page is now in zh-TW (a reload after a switch whose refresh never arrived): the zh-CN cache is not its
    lang = 'zh-TW';
    expect(dicts.peek?.('enabled_state')).toBeUndefined();
    const [first, second] = await Promise.all([dicts.options('enabled_state'), dicts.options('enabled_state')]);
    expect(first).toEqual([{ value: '1', text: '啟用' }]);
    expect(second).toEqual(first);
    expect(http.calls).toHaveLength(1);
    expect(session.state.dictItemsLang).toBe('zh-TW');
    expect(dicts.peek?.('enabled_state')).toEqual([{ value: '1', text: '啟用' }]);

    // kept across page loads with its language
    lang = 'en';
    const reloaded = createSessionDictSource(createSessionStore({ local: window.localStorage, session: window.sessionStorage }), http, () => lang);
    expect(reloaded.peek?.('enabled_state')).toBeUndefined();
    expect(await reloaded.options('enabled_state')).toEqual([{ value: '1', text: 'Enabled' }]);
  });

  it('reads the dictionaries again when an answer names another version than theirs, here or after a page load', async () => {
    let text = '启用';
    const http = createFakeHttp({ [ALL]: () => ({ enabled_state: [{ value: '1', text }] }) });
    const session = createSessionStore({ local: window.localStorage, session: window.sessionStorage });
    session.signIn(loginResult(), 'zh-CN');
    const dicts = createSessionDictSource(session, http, () => 'zh-CN');
    // the sign-in's dictionaries take the first version an answer names
    session.noteDictVersion('v1');
    expect(session.state.dictItemsVersion).toBe('v1');
    session.noteDictVersion('v1');
    expect(dicts.peek?.('enabled_state')).toEqual([{ value: '1', text: '启用' }]);
    expect(http.calls).toHaveLength(0);

    // a dictionary was saved: the answer to the save names v2
    text = '在用';
    session.noteDictVersion('v2');
    expect(session.state.dictItemsStale).toBe(true);
    expect(dicts.peek?.('enabled_state')).toBeUndefined();
    expect(await dicts.options('enabled_state')).toEqual([{ value: '1', text: '在用' }]);
    expect(http.calls).toHaveLength(1);
    expect(session.state).toMatchObject({ dictItemsVersion: 'v2', dictItemsStale: false });
    session.noteDictVersion('v2');
    expect(dicts.peek?.('enabled_state')).toEqual([{ value: '1', text: '在用' }]);

    // the version is kept with the dictionaries: after a page load, another user's change still shows
    const reloaded = createSessionStore({ local: window.localStorage, session: window.sessionStorage });
    const again = createSessionDictSource(reloaded, http, () => 'zh-CN');
    reloaded.noteDictVersion('v2');
    expect(again.peek?.('enabled_state')).toEqual([{ value: '1', text: '在用' }]);
    text = '使用中';
    reloaded.noteDictVersion('v3');
    expect(await again.options('enabled_state')).toEqual([{ value: '1', text: '使用中' }]);
    expect(http.calls).toHaveLength(2);

    // signing out forgets it
    reloaded.clear();
    expect(reloaded.state).toMatchObject({ dictItemsVersion: null, dictItemsStale: false });
  });
});
