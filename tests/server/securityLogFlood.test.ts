import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRejectionLog } from '../../server/auth/rejectionLog.js';
import { newId } from '../../server/db/ids.js';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

const matrix = await databaseMatrix();
const DAY_MS = 24 * 3600_000;

describe.each(matrix)('$kind: the security log under a flood of anonymous requests', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    const rowsOf = (ip: string) =>
      t.app.ctx.db.db.selectFrom('sysSecurityLog').select(['event', 'occurrences', 'requestId', 'detail', 'lastTime', 'time']).where('ip', '=', ip).execute();
    const total = (rows: { occurrences: number }[]) => rows.reduce((sum, row) => sum + Number(row.occurrences), 0);

    beforeAll(async () => {
      t = await createTestApp(kind);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('1,000 anonymous 401s from one address make a bounded number of rows that count all of them', async () => {
      const ip = '203.0.113.7';
      const started = performance.now();
      for (let batch = 0; batch < 20; batch++) {
        const replies = await Promise.all(
          Array.from({ length: 50 }, (_, i) => t.request({ method: 'GET', url: `/api/nothing/${batch}-${i}`, remoteAddress: ip })),
        );
        for (const reply of replies) expect(reply.statusCode).toBe(401);
      }
      await t.app.ctx.rejections.flush();
      const rows = await rowsOf(ip);
      console.info(`security log: ${rows.length} row(s) for 1,000 anonymous 401s in ${Math.round(performance.now() - started)} ms`);
      // one row per minute: two only when the run crosses a minute boundary
      expect(rows.length).toBeGreaterThanOrEqual(1);
      expect(rows.length).toBeLessThanOrEqual(2);
      expect(total(rows)).toBe(1000);
      expect(rows[0]).toMatchObject({ event: 'auth.rejected', detail: expect.stringMatching(/^GET \/api\/nothing\/.*CL_ERR_AUTH_TOKEN_INVALID$/) });
      // another address has its own row
      expect((await t.request({ method: 'GET', url: '/sys/permission/getUserPermissionByToken', remoteAddress: '198.51.100.9' })).statusCode).toBe(401);
      await t.app.ctx.rejections.flush();
      expect(total(await rowsOf('198.51.100.9'))).toBe(1);
    });

    it('caps the rows one address starts per hour and the addresses tracked at once, keeping every count', async () => {
      // the start of an hour a few hours ago: within the retention, whatever the other cases prune
      let clock = Math.floor(Date.now() / 3600_000) * 3600_000 - 3 * 3600_000;
      const log = createRejectionLog(t.app.ctx.db.db, { now: () => clock, rowsPerAddressPerHour: 3, maxKeys: 2, flushEveryMs: 3600_000 });
      const record = (ip: string) => log.record({ event: 'auth.rejected', ip, requestId: newId(), detail: 'GET /api/x: CL_ERR_AUTH_TOKEN_INVALID' });
      // 10 minutes of 7 rejections a minute from one address, flushed as the timer would
      for (let minute = 0; minute < 10; minute++) {
        for (let i = 0; i < 7; i++) record('192.0.2.1');
        await log.flush();
        clock += 60_000;
      }
      const capped = await rowsOf('192.0.2.1');
      expect(capped).toHaveLength(3);
      expect(total(capped)).toBe(70);
      // a new hour starts new rows
      clock += 3600_000;
      record('192.0.2.1');
      await log.flush();
      expect(await rowsOf('192.0.2.1')).toHaveLength(4);
      // past maxKeys addresses, newcomers share one row per kind and window
      for (const ip of ['192.0.2.2', '192.0.2.3', '192.0.2.4']) record(ip);
      await log.close();
      expect(total(await rowsOf('192.0.2.2'))).toBe(1);
      expect(await rowsOf('192.0.2.3')).toHaveLength(0);
      expect(total(await rowsOf('*'))).toBe(2);
    });

    it('prunes rows older than the retention, keeping aggregated rows still in use', async () => {
      const db = t.app.ctx.db.db;
      const now = Date.now();
      const row = (ip: string, time: number, lastTime: number | null) => ({ id: newId(), time, event: 'auth.rejected', ip, lastTime });
      await db
        .insertInto('sysSecurityLog')
        .values([row('192.0.2.50', now - 91 * DAY_MS, null), row('192.0.2.51', now - 91 * DAY_MS, now - DAY_MS), row('192.0.2.52', now - 89 * DAY_MS, null)])
        .execute();
      expect(t.app.ctx.config.securityLogDays).toBe(90);
      expect(await t.app.ctx.securityLogRetention.prune()).toBeGreaterThanOrEqual(1);
      expect(await rowsOf('192.0.2.50')).toHaveLength(0);
      expect(await rowsOf('192.0.2.51')).toHaveLength(1);
      expect(await rowsOf('192.0.2.52')).toHaveLength(1);
    });
  });
});
