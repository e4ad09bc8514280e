import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { insertDepart, insertUser } from '../helpers/testRows.js';

const matrix = await databaseMatrix();
const PASSWORD = 'Selfserve2024';

describe.each(matrix)('$kind: self-service', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let labId: string;
    let qaId: string;

    beforeAll(async () => {
      t = await createTestApp(kind);
      const db = t.app.ctx.db.db;
      labId = await insertDepart(db, 'B01', '检测一室');
      qaId = await insertDepart(db, 'B02', '质量部');
      const otherId = await insertDepart(db, 'B03', '他人部门');
      await insertUser(db, { username: 'elsewhere', password: PASSWORD, departIds: [otherId] });
    });
    afterAll(async () => {
      await t?.close();
    });

    // cases run shuffled: each one signs in as a user of its own, so no case sees another's switch or change
    let serial = 0;
    const freshUser = async (prefix: string, departIds: string[] = []) => {
      const username = `${prefix}${++serial}`;
      await insertUser(t.app.ctx.db.db, { username, password: PASSWORD, departIds });
      return username;
    };

    const securityEvents = (event: string) => t.app.ctx.db.db.selectFrom('sysSecurityLog').select(['username', 'detail']).where('event', '=', event).execute();

    describe('departments', () => {
      it('lists the caller’s departments and current orgCode', async () => {
        const token = await t.login(await freshUser('twodeps', [labId, qaId]), PASSWORD);
        const body = (await t.request({ method: 'GET', url: '/sys/user/getCurrentUserDeparts', token })).json();
        expect(body).toMatchObject({ success: true, code: 200 });
        expect(body.result).toEqual({
          list: [
            { id: labId, departName: '检测一室', orgCode: 'B01' },
            { id: qaId, departName: '质量部', orgCode: 'B02' },
          ],
          orgCode: null,
        });
      });

      it.each(['PUT', 'POST'] as const)('switches the department with %s and answers the new userInfo', async (method) => {
        const username = await freshUser('twodeps', [labId, qaId]);
        const token = await t.login(username, PASSWORD);
        const target = method === 'PUT' ? 'B02' : 'B01';
        const res = await t.request({ method, url: '/sys/selectDepart', token, payload: { orgCode: target, username } });
        const body = res.json();
        expect(body).toMatchObject({ success: true, result: { userInfo: { username, orgCode: target } } });
        expect(body.result.userInfo).not.toHaveProperty('password');
        const departs = (await t.request({ method: 'GET', url: '/sys/user/getCurrentUserDeparts', token })).json();
        expect(departs.result.orgCode).toBe(target);
      });

      it('refuses a department the caller does not belong to', async () => {
        const username = await freshUser('twodeps', [labId, qaId]);
        const token = await t.login(username, PASSWORD);
        const before = (await t.request({ method: 'GET', url: '/sys/user/getCurrentUserDeparts', token })).json().result.orgCode;
        const res = await t.request({ method: 'PUT', url: '/sys/selectDepart', token, payload: { orgCode: 'B03', username } });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ success: false, code: 500, message: '您不属于该部门', error: 'CL_ERR_DEPART_NOT_MINE' });
        const after = (await t.request({ method: 'GET', url: '/sys/user/getCurrentUserDeparts', token })).json().result.orgCode;
        expect(after).toBe(before);
      });

      it('refuses to switch another user’s department and logs it', async () => {
        const username = await freshUser('twodeps', [labId, qaId]);
        const token = await t.login(username, PASSWORD);
        const orgCodeOfOther = async () =>
          (await t.app.ctx.db.db.selectFrom('sysUser').select('orgCode').where('username', '=', 'elsewhere').executeTakeFirstOrThrow()).orgCode;
        const before = await orgCodeOfOther();
        const res = await t.request({ method: 'PUT', url: '/sys/selectDepart', token, payload: { orgCode: 'B01', username: 'elsewhere' } });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ success: false, code: 403, error: 'CL_ERR_SELF_ONLY' });
        expect(await orgCodeOfOther()).toBe(before);
        expect(await securityEvents('self.mismatch')).toContainEqual(expect.objectContaining({ username, detail: expect.stringContaining('elsewhere') }));
      });
    });

    describe('updatePassword', () => {
      let pwuser = '';
      const change = (token: string, body: Partial<Record<'username' | 'oldpassword' | 'password' | 'confirmpassword', string>>) =>
        t.request({
          method: 'PUT',
          url: '/sys/user/updatePassword',
          token,
          payload: { username: pwuser, oldpassword: PASSWORD, password: 'Newpass2024', confirmpassword: 'Newpass2024', ...body },
        });

      beforeEach(async () => {
        pwuser = await freshUser('pwuser');
      });

      it('refuses a confirmation that differs', async () => {
        const token = await t.login(pwuser, PASSWORD);
        const body = (await change(token, { confirmpassword: 'Newpass2025' })).json();
        expect(body).toMatchObject({ success: false, code: 500, message: '两次输入的密码不一样！' });
      });

      it.each([
        ['too short', 'ab12'],
        ['no digit', 'abcdefgh'],
        ['not letters and digits', 'Newpass 2024'],
        ['too long', 'a1b2c3d4e5f6g7h8i'],
        ['common', 'Admin123'],
      ])('refuses a weak password (%s)', async (_why, weak) => {
        const token = await t.login(pwuser, PASSWORD);
        const body = (await change(token, { password: weak, confirmpassword: weak })).json();
        expect(body).toMatchObject({ success: false, code: 500, error: 'CL_ERR_PASSWORD_WEAK', message: '密码由6-16位字母和数字组成，且不能过于常见' });
      });

      it('refuses a wrong old password and a new one equal to the old', async () => {
        const token = await t.login(pwuser, PASSWORD);
        expect((await change(token, { oldpassword: 'Wrong2024x' })).json()).toMatchObject({ success: false, message: '旧密码输入错误' });
        expect((await change(token, { password: PASSWORD, confirmpassword: PASSWORD })).json()).toMatchObject({
          success: false,
          message: '新密码不能与旧密码相同',
        });
      });

      it('refuses to change another user’s password and logs it', async () => {
        const token = await t.login(pwuser, PASSWORD);
        const res = await change(token, { username: 'elsewhere' });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ error: 'CL_ERR_SELF_ONLY' });
        expect(await t.login('elsewhere', PASSWORD)).toBeTruthy();
        expect(await securityEvents('self.mismatch')).toContainEqual(expect.objectContaining({ username: pwuser }));
      });

      it('lets only one of two concurrent changes win', async () => {
        await insertUser(t.app.ctx.db.db, { username: 'racer', password: PASSWORD });
        const [a, b] = [await t.login('racer', PASSWORD), await t.login('racer', PASSWORD)];
        const results = await Promise.all(
          [
            [a, 'Racera2024'],
            [b, 'Racerb2024'],
          ].map(([token, next]) =>
            t.request({
              method: 'PUT',
              url: '/sys/user/updatePassword',
              token,
              payload: { username: 'racer', oldpassword: PASSWORD, password: next, confirmpassword: next },
            }),
          ),
        );
        const bodies = results.map((r) => r.json());
        expect(bodies.filter((body) => body.success)).toHaveLength(1);
        const winner = bodies[0].success ? 'Racera2024' : 'Racerb2024';
        expect(await t.login('racer', winner)).toBeTruthy();
      });

      it('changes the password, keeps the caller’s session and ends the others', async () => {
        const other = await t.login(pwuser, PASSWORD);
        const token = await t.login(pwuser, PASSWORD);
        const res = await change(token, {});
        expect(res.json()).toMatchObject({ success: true, code: 200, message: '修改密码成功！' });

        expect((await t.request({ method: 'GET', url: '/sys/user/getCurrentUserDeparts', token })).statusCode).toBe(200);
        expect((await t.request({ method: 'GET', url: '/sys/user/getCurrentUserDeparts', token: other })).statusCode).toBe(401);
        const old = await t.request({ method: 'POST', url: '/sys/login', payload: { username: pwuser, password: PASSWORD } });
        expect(old.json()).toMatchObject({ success: false, message: '用户名或密码错误' });
        expect(await t.login(pwuser, 'Newpass2024')).toBeTruthy();

        const row = await t.app.ctx.db.db
          .selectFrom('sysUser')
          .select(['mustChangePassword', 'passwordChangedAt'])
          .where('username', '=', pwuser)
          .executeTakeFirstOrThrow();
        expect(row.mustChangePassword).toBe(0);
        expect(row.passwordChangedAt).toBeGreaterThan(Date.now() - 60_000);
        const logged = await securityEvents('password.changed');
        expect(logged).toContainEqual(expect.objectContaining({ username: pwuser }));
        expect(JSON.stringify(logged)).not.toContain('Newpass2024');
      });
    });
  });
});

describe.each(matrix)('$kind: first sign-in with a generated admin password', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let generated = '';

    beforeAll(async () => {
      t = await createTestApp(kind, { config: { adminPassword: null }, onGeneratedAdminPassword: (p) => (generated = p) });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('allows only the password change until the generated password is replaced', async () => {
      // 1. the generated password signs in and says it must be changed
      expect(generated).toMatch(/^[A-Za-z0-9]{16}$/);
      const login = (await t.request({ method: 'POST', url: '/sys/login', payload: { username: 'admin', password: generated } })).json();
      expect(login.result.userInfo.mustChangePassword).toBe(true);
      const token = login.result.token as string;

      // 2. every other authenticated route is closed
      const blocked = await t.request({ method: 'GET', url: '/sys/permission/getUserPermissionByToken', token });
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json()).toMatchObject({ success: false, code: 403, error: 'CL_ERR_AUTH_PASSWORD_CHANGE_REQUIRED', message: '首次登录请先修改初始密码' });
      expect((await t.request({ method: 'GET', url: '/sys/dict/queryAllDictItems', token })).statusCode).toBe(403);

      // 3. the password change itself is open
      const changed = await t.request({
        method: 'PUT',
        url: '/sys/user/updatePassword',
        token,
        payload: { username: 'admin', oldpassword: generated, password: 'Firstlab2024', confirmpassword: 'Firstlab2024' },
      });
      expect(changed.json()).toMatchObject({ success: true });

      // 4. the same session now reaches the rest
      const open = await t.request({ method: 'GET', url: '/sys/permission/getUserPermissionByToken', token });
      expect(open.statusCode).toBe(200);
      expect(open.json()).toMatchObject({ success: true });
    });
  });
});
