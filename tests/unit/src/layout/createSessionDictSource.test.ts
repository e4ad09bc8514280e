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
});
