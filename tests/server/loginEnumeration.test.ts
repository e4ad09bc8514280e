import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { insertUser } from '../helpers/testRows.js';

const matrix = await databaseMatrix();
const PASSWORD = 'Realuser2024pw';
const LOCKED = '该用户登录失败次数过多，请于10分钟后再次登录！';
const BAD = '用户名或密码错误';

const signIn = (t: TestApp, username: string, password: string, extra: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  t.request({ method: 'POST', url: '/sys/login', payload: { username, password }, ...extra });

async function timedSignIn(t: TestApp, username: string, password: string): Promise<{ ms: number; message: string }> {
  const started = performance.now();
  const body = (await signIn(t, username, password)).json();
  return { ms: performance.now() - started, message: body.message };
}

/** The fastest of several runs: load on the machine only ever adds time, so the minimum shows the work done. */
async function fastest(runs: number, attempt: () => Promise<{ ms: number; message: string }>, expected: string): Promise<number> {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const { ms, message } = await attempt();
    expect(message).toBe(expected);
    best = Math.min(best, ms);
  }
  return best;
}

describe.each(matrix)('$kind: sign-in does not reveal which accounts exist', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, { config: { login: { maxFailures: 5, lockMs: 10 * 60_000, perIpPerMinute: 10_000 } } });
      for (const username of ['realone', 'racer', 'timer']) await insertUser(t.app.ctx.db.db, { username, password: PASSWORD });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('answers a real and an unknown name alike, failure by failure, into the lock', async () => {
      for (let i = 1; i <= 7; i++) {
        const real = (await signIn(t, 'realone', `Wrongpw${i}x`)).json();
        const unknown = (await signIn(t, 'nosuchuser', `Wrongpw${i}x`)).json();
        const expected = i < 5 ? BAD : LOCKED;
        expect({ real: real.message, unknown: unknown.message }, `failure ${i}`).toEqual({ real: expected, unknown: expected });
        expect(real.error).toBe(unknown.error);
      }
      expect((await signIn(t, 'realone', PASSWORD)).json()).toMatchObject({ success: false, message: LOCKED });
    });

    it('counts the name as typed, whatever its case or padding', async () => {
      for (let i = 0; i < 5; i++) await signIn(t, 'Ghost ', `Wrongpw${i}x`);
      expect((await signIn(t, 'ghost', 'Wrongpw9x')).json()).toMatchObject({ message: LOCKED });
    });

    it('holds the lock under 25 parallel wrong passwords: only 5 are checked', async () => {
      const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => signIn(t, 'racer', `Parallel${i}x`)));
      const messages = answers.map((a) => a.json().message as string);
      expect(messages.filter((m) => m === BAD).length).toBe(4);
      expect(messages.filter((m) => m === LOCKED).length).toBe(21);
      expect((await signIn(t, 'racer', PASSWORD)).json()).toMatchObject({ success: false, message: LOCKED });
      const row = await t.app.ctx.db.db.selectFrom('sysLoginAttempt').selectAll().where('account', '=', 'login:racer').executeTakeFirstOrThrow();
      expect(Number(row.lockedUntil)).toBeGreaterThan(Date.now());
    });

    it('spends a password check on every answer: unknown and locked names are not faster', async () => {
      // 4 wrong passwords stay under the lock; a locked name and an unknown name then answer
      const wrong = await fastest(4, () => timedSignIn(t, 'timer', 'Wrongpw1x'), BAD);
      for (let i = 0; i < 5; i++) await signIn(t, 'locked-timer', `Wrongpw${i}x`);
      const locked = await fastest(4, () => timedSignIn(t, 'locked-timer', 'Wrongpw1x'), LOCKED);
      const unknown = await fastest(4, () => timedSignIn(t, `unknown-timer`, 'Wrongpw1x'), BAD);
      // a scrypt check is tens of milliseconds; skipping it made a locked answer about 15× faster
      expect(locked / wrong, `locked ${locked.toFixed(1)} ms vs wrong ${wrong.toFixed(1)} ms`).toBeGreaterThan(0.5);
      expect(unknown / wrong, `unknown ${unknown.toFixed(1)} ms vs wrong ${wrong.toFixed(1)} ms`).toBeGreaterThan(0.5);
    });
  });
});

describe.each(matrix)('$kind: wrong old passwords lock the password change per user', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, { config: { login: { maxFailures: 3, lockMs: 10 * 60_000, perIpPerMinute: 10_000 } } });
      await insertUser(t.app.ctx.db.db, { username: 'changer', password: PASSWORD });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('refuses even the right old password after 3 wrong ones, from any address', async () => {
      const token = (await signIn(t, 'changer', PASSWORD)).json().result.token as string;
      const change = (oldpassword: string, remoteAddress: string) =>
        t.request({
          method: 'PUT',
          url: '/sys/user/updatePassword',
          token,
          remoteAddress,
          payload: { username: 'changer', oldpassword, password: 'Changed2024pw', confirmpassword: 'Changed2024pw' },
        });
      const errors: string[] = [];
      for (let i = 0; i < 3; i++) errors.push((await change(`Guess${i}2024x`, `10.1.0.${i + 1}`)).json().error);
      expect(errors).toEqual(['CL_ERR_PASSWORD_OLD_WRONG', 'CL_ERR_PASSWORD_OLD_WRONG', 'CL_ERR_PASSWORD_CHANGE_LOCKED']);
      expect((await change(PASSWORD, '10.1.0.9')).json()).toMatchObject({
        success: false,
        error: 'CL_ERR_PASSWORD_CHANGE_LOCKED',
        message: '旧密码错误次数过多，请于10分钟后再试！',
      });
      expect((await signIn(t, 'changer', PASSWORD)).json()).toMatchObject({ success: true });
    });
  });
});

describe.each(matrix)('$kind: the per-address throttle behind a reverse proxy', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let behindProxy: TestApp;
    let direct: TestApp;
    const login = { maxFailures: 100, lockMs: 60_000, perIpPerMinute: 2 };
    beforeAll(async () => {
      behindProxy = await createTestApp(kind, { config: { login, trustedProxies: ['10.9.0.0/16'] } });
      direct = await createTestApp(kind, { config: { login } });
    });
    afterAll(async () => {
      await behindProxy?.close();
      await direct?.close();
    });

    it('throttles each forwarded client separately when the proxy is trusted', async () => {
      const via = (client: string) => ({ remoteAddress: '10.9.0.1', headers: { 'x-forwarded-for': client } });
      for (let i = 0; i < 2; i++) expect((await signIn(behindProxy, 'nobody', 'Wrongpw1x', via('203.0.113.5'))).statusCode).toBe(200);
      expect((await signIn(behindProxy, 'nobody', 'Wrongpw1x', via('203.0.113.5'))).statusCode).toBe(429);
      expect((await signIn(behindProxy, 'nobody', 'Wrongpw1x', via('203.0.113.6'))).statusCode).toBe(200);
    });

    it('ignores a forged X-Forwarded-For when no proxy is trusted', async () => {
      const forged = (n: number) => ({ remoteAddress: '198.51.100.7', headers: { 'x-forwarded-for': `203.0.113.${n}` } });
      for (let i = 0; i < 2; i++) expect((await signIn(direct, 'nobody', 'Wrongpw1x', forged(i))).statusCode).toBe(200);
      expect((await signIn(direct, 'nobody', 'Wrongpw1x', forged(9))).statusCode).toBe(429);
    });
  });
});
