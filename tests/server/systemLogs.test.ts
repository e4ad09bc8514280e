import dayjs from 'dayjs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { successMessage } from '../../server/i18n/messages.js';
import { toTraditional } from '../../server/i18n/toTraditional.js';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { client, userWith, type Client } from './engineSupport.js';

const matrix = await databaseMatrix();

describe.each(matrix)('$kind: login and operation logs (/sys/log, /sys/loginfo, /sys/visitInfo)', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;
    beforeAll(async () => {
      t = await createTestApp(kind);
      admin = client(t, await t.login());
    });
    afterAll(async () => {
      await t?.close();
    });
    const flushed = () => t.app.ctx.sysLog.flush();

    it('logs each sign-in and sign-out (type 1) and counts them for the home page', async () => {
      // the sign-ins so far (the admin's of beforeAll included) are counted first
      await flushed();
      const before = (await admin.get('/sys/loginfo')).body.result;
      const token = await t.login();
      await t.request({ method: 'POST', url: '/sys/logout', token });
      await flushed();
      const after = (await admin.get('/sys/loginfo')).body;
      expect(after).toMatchObject({ success: true, code: 200 });
      expect(after.result.totalVisitCount).toBe(before.totalVisitCount + 1);
      expect(after.result.todayVisitCount).toBe(before.todayVisitCount + 1);
      expect(after.result.todayIp).toBeGreaterThanOrEqual(1);
      const page = (await admin.get('/sys/log/list', { logType: 1, pageSize: 50 })).body.result;
      const contents = page.records.map((r: { logContent: string }) => r.logContent);
      expect(contents).toContain('用户名: admin,登录成功！');
      expect(contents).toContain('用户名: admin,退出成功！');
      expect(page.records[0]).toMatchObject({ logType: 1, logType_dictText: '登录日志', username: 'admin' });

      const week = (await admin.get('/sys/visitInfo')).body.result as { visit: number; ip: number; tian: string; type: string }[];
      expect(week).toHaveLength(7);
      expect(week[6]).toMatchObject({ tian: dayjs().format('YYYY-MM-DD'), type: dayjs().format('MM-DD') });
      expect(week[6]!.visit).toBe(after.result.todayVisitCount);
      expect(week[0]!.tian).toBe(dayjs().subtract(6, 'day').format('YYYY-MM-DD'));
    });

    it('shows the sign-in lines in the reader’s language, those written before too (stored in zh-CN)', async () => {
      await t.login();
      await flushed();
      const token = await t.login();
      await t.request({ method: 'POST', url: '/sys/logout', token });
      await flushed();
      // a row as an older Cloudlab wrote it
      await sql`insert into sys_log (id, tenant_id, log_type, log_content, username, create_time, version)
        values (${`old-${kind}`}, 1, 1, '用户名: 张三,登录成功！', '张三', '2020-01-01 00:00:00', 1)`.execute(t.app.ctx.db.db);
      const contents = async (lang: string) => {
        const reader = client(t, await t.login(), { lang });
        const page = (await reader.get('/sys/log/list', { logType: 1, pageSize: 200 })).body.result;
        return page.records.map((r: { logContent: string }) => r.logContent) as string[];
      };
      const en = await contents('en');
      expect(en).toContain('User admin signed in');
      expect(en).toContain('User admin signed out');
      expect(en).toContain('User 张三 signed in');
      expect(en.filter((c) => /登录|退出/.test(c))).toEqual([]);
      const tw = await contents('zh-TW');
      expect(tw).toContain(successMessage('loginLogged', 'zh-TW', { username: 'admin' }));
      expect(tw).toContain(successMessage('logoutLogged', 'zh-TW', { username: 'admin' }));
      expect(tw).not.toContain('用户名: admin,登录成功！');
      expect(await contents('zh-CN')).toContain('用户名: admin,登录成功！');
      // the detail reads the same
      const id = (await admin.get('/sys/log/list', { logType: 1, pageSize: 1 })).body.result.records[0].id as string;
      const detail = await client(t, await t.login(), { lang: 'en' }).get('/sys/log/queryById', { id });
      expect(detail.body.result.logContent).toMatch(/^User admin signed (in|out)$/);
    });

    it('logs signed-in writes and exports (type 2) with the model and action, never the body', async () => {
      const added = await admin.post('/api/system/BillRule', { fullName: '日志测试', enCode: 'LOGTEST' });
      expect(added.body.code).toBe(200);
      await flushed();
      const page = (await admin.get('/sys/log/list', { logType: 2, pageSize: 50 })).body.result;
      const row = page.records.find((r: { requestUrl: string; requestType: string }) => r.requestUrl === '/api/system/BillRule' && r.requestType === 'POST');
      expect(row).toMatchObject({
        logContent: '单据规则-新增',
        operateType: 2,
        operateType_dictText: '添加',
        username: 'admin',
        method: 'system:billRule:add',
      });
      expect(JSON.stringify(page.records)).not.toContain('LOGTEST');
      // reads are not logged
      expect(page.records.some((r: { requestType: string }) => r.requestType === 'GET')).toBe(false);
    });

    it('shows the operation lines in the reader’s language (model title and action, those written before too), and a sign-out as a sign-out only', async () => {
      expect((await admin.post('/api/system/BillRule', { fullName: '日志语言', enCode: `LOGLANG${kind}` })).body.code).toBe(200);
      await userWith(t, []);
      const { id } = await t.app.ctx.db.db.selectFrom('sysUser').select('id').where('username', '!=', 'admin').executeTakeFirstOrThrow();
      const reset = await admin.post(`/api/permission/Users/${id}/Actions/ResetPassword`, { userPassword: 'Reset2026pass', validatePassword: 'Reset2026pass' });
      expect(reset.body.code).toBe(200);
      const token = await t.login();
      await t.request({ method: 'POST', url: '/sys/logout', token });
      await flushed();
      // rows as an older Cloudlab wrote them, and a route's line that names no model
      await sql`insert into sys_log (id, tenant_id, log_type, log_content, operate_type, username, create_time, version)
        values (${`op-old-${kind}`}, 1, 2, '定时任务-新增', 2, 'admin', '2020-01-01 00:00:00', 1),
               (${`op-route-${kind}`}, 1, 2, 'POST /api/x-y', 2, 'admin', '2020-01-01 00:00:00', 1)`.execute(t.app.ctx.db.db);
      const contents = async (lang: string) => {
        const page = (await client(t, await t.login(), { lang }).get('/sys/log/list', { logType: 2, pageSize: 200 })).body.result;
        return page.records.map((r: { logContent: string }) => r.logContent) as string[];
      };
      const zh = await contents('zh-CN');
      expect(zh).toEqual(expect.arrayContaining(['单据规则-新增', '用户管理-重置密码', '定时任务-新增', 'POST /api/x-y']));
      const en = await contents('en');
      expect(en).toEqual(expect.arrayContaining(['Bill number rules - Add', 'Users - Reset password', 'Scheduled jobs - Add', 'POST /api/x-y']));
      expect(en.filter((c) => /[\u4e00-\u9fff]/.test(c))).toEqual([]);
      const tw = await contents('zh-TW');
      expect(tw).toEqual(expect.arrayContaining(['单据规则-新增', '用户管理-重置密码', '定时任务-新增'].map((line) => toTraditional(line))));
      expect(tw).toContain('單據規則-新增');
      // the keyword search still matches the stored zh-CN text
      const found = (await client(t, await t.login(), { lang: 'en' }).get('/sys/log/list', { logType: 2, keyword: '单据规则', pageSize: 5 })).body.result;
      expect(found.records[0]?.logContent).toBe('Bill number rules - Add');

      // signing out is a line of the sign-in log, never an operation of type 添加
      const all = (await admin.get('/sys/log/list', { pageSize: 500 })).body.result.records as {
        logType: number;
        requestUrl: string;
        operateType: number | null;
      }[];
      const signOuts = all.filter((r) => r.requestUrl === '/sys/logout');
      expect(signOuts.length).toBeGreaterThan(0);
      expect(signOuts.every((r) => r.logType === 1 && r.operateType === null)).toBe(true);
    });

    it('refuses bad input and callers without the permission, and keeps tenants apart', async () => {
      expect((await admin.get('/sys/loginfo', { x: 1 })).status).toBe(400);
      expect((await admin.get('/sys/visitInfo', { x: 1 })).status).toBe(400);
      expect((await t.request({ method: 'GET', url: '/sys/loginfo' })).statusCode).toBe(401);
      const nobody = await userWith(t, []);
      expect((await nobody.get('/sys/log/list')).body).toMatchObject({ success: false, code: 510 });
      // the log is written by the server only
      expect((await admin.post('/sys/log/add', { logType: 1, logContent: 'x' })).status).toBe(404);
      const other = await userWith(t, ['system:log:list'], { tenantId: 2 });
      await flushed();
      const theirs = (await other.get('/sys/log/list', { pageSize: 100 })).body.result.records as { username: string }[];
      expect(theirs.some((r) => r.username === 'admin')).toBe(false);
      expect((await other.get('/sys/loginfo')).body.result.totalVisitCount).toBeLessThanOrEqual(1);
    });
  });
});
