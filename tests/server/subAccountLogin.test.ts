import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { ensureTenant, insertUser } from '../helpers/testRows.js';

// Sub-account sign-in (spec 000 §6 "mobile@account"): the mobile number of a sub-account and the
// username of its main account, within a tenant both belong to. Every miss answers like a wrong password.

const matrix = await databaseMatrix();
const PASSWORD = 'SubAcct2026';
const AWAY = 76;

describe.each(matrix)('$kind: sub-account sign-in mobile@account', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    const main = `main${process.pid}`;
    const login = (username: string, password = PASSWORD) => t.request({ method: 'POST', url: '/sys/login', payload: { username, password } });
    const withPhone = async (username: string, phone: string, tenantIds = [1]) => {
      const id = await insertUser(t.app.ctx.db.db, { username, password: PASSWORD, tenantIds });
      await sql`update sys_user set phone = ${phone} where id = ${id}`.execute(t.app.ctx.db.db);
      return id;
    };

    beforeAll(async () => {
      t = await createTestApp(kind);
      await ensureTenant(t.app.ctx.db.db, AWAY);
      await insertUser(t.app.ctx.db.db, { username: main, password: 'MainAcct2026' });
      await withPhone(`sub${process.pid}a`, '13900000001');
      await withPhone(`sub${process.pid}away`, '13900000002', [AWAY]);
      await withPhone(`sub${process.pid}b`, '13900000003');
      await withPhone(`sub${process.pid}c`, '13900000003');
    });
    afterAll(async () => {
      await t?.close();
    });

    it('signs a sub-account in with its mobile number and the main account', async () => {
      const res = await login(`13900000001@${main}`);
      expect(res.json().success, res.body).toBe(true);
      expect(res.json().result.userInfo.username).toBe(`sub${process.pid}a`);
    });

    it('answers every miss exactly like a wrong password', async () => {
      const wrong = (await login(`sub${process.pid}a`, 'Wrong2026pass')).json();
      const refusal = { success: wrong.success, code: wrong.code, error: wrong.error, message: wrong.message };
      expect(refusal.error).toBe('CL_ERR_AUTH_BAD_CREDENTIALS');
      const same = async (username: string, password = PASSWORD) => {
        const body = (await login(username, password)).json();
        expect({ success: body.success, code: body.code, error: body.error, message: body.message }, username).toEqual(refusal);
      };
      await same(`13900000001@${main}`, 'Wrong2026pass');
      // a sub-account of another tenant than the main account's
      await same(`13900000002@${main}`);
      // two accounts with one number under one main account: ambiguous
      await same(`13900000003@${main}`);
      await same(`13900000009@${main}`);
      await same(`13900000001@nobody${process.pid}`);
      await same(`13900000001@${main}@x`);
    });

    it('counts failures of both forms against the one account', async () => {
      const username = `sub${process.pid}lock`;
      await withPhone(username, '13900000004');
      for (let i = 0; i < 3; i++) await login(`13900000004@${main}`, 'Wrong2026pass');
      for (let i = 0; i < 2; i++) await login(username, 'Wrong2026pass');
      expect((await login(username)).json().error).toBe('CL_ERR_AUTH_LOCKED');
      expect((await login(`13900000004@${main}`)).json().error).toBe('CL_ERR_AUTH_LOCKED');
    });
  });
});
