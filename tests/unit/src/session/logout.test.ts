import { beforeEach, describe, expect, it } from 'vitest';
import { createSessionStore } from '../../../../src/session/createSessionStore';
import { logout } from '../../../../src/session/logout';
import { createFakeHttp } from '../helpers/fakeHttp';
import { loginResult } from '../helpers/fixtures';

describe('logout (spec 000 §4)', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });

  it('informs the server with the token still set, then clears the session', async () => {
    const session = createSessionStore({ local: window.localStorage, session: window.sessionStorage });
    session.signIn(loginResult(), 'zh-CN');
    let tokenDuringCall: string | null = null;
    const http = createFakeHttp({ 'POST /sys/logout': () => (tokenDuringCall = session.state.token) });
    await logout(http, session);
    expect(tokenDuringCall).toBe('tok-123');
    expect(session.state.token).toBeNull();
    expect(window.localStorage.getItem('cloudlab__dictItems')).toBeNull();
  });

  it('completes even when the server call fails', async () => {
    const session = createSessionStore({ local: window.localStorage, session: window.sessionStorage });
    session.signIn(loginResult(), 'zh-CN');
    const http = createFakeHttp({
      'POST /sys/logout': () => {
        throw new Error('network down');
      },
    });
    await expect(logout(http, session)).resolves.toBeUndefined();
    expect(session.state.token).toBeNull();
    expect(window.localStorage.getItem('cloudlab__token')).toBeNull();
  });

  it('does not call the server without a token', async () => {
    const session = createSessionStore({ local: window.localStorage, session: window.sessionStorage });
    const http = createFakeHttp();
    await logout(http, session);
    expect(http.calls).toEqual([]);
  });
});
