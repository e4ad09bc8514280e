import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NoticeMessage } from '../../server/db/noticeChannel.js';
import { noticeDb } from '../../server/notices/noticeTables.js';
import { sendExpiryNotices } from '../../server/staff/certificateExpiry.js';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { ensureTenant, insertRole, insertUser } from '../helpers/testRows.js';
import { client, type Client } from './engineSupport.js';

// Expiry awareness (issue 11, beyond the spec): certificates expiring within N days produce one system
// message to their holder and the tenant's quality officers, through the notice system. The two cases run
// in either order: the first to run sends the messages.
const matrix = await databaseMatrix();
const TODAY = '2031-03-01';
const QUALITY = `quality${process.pid}`;

describe.each(matrix)('$kind: certificate expiry notices', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;
    let holder: string;
    let officer: string;
    let otherTenantOfficer: string;
    const announced: NoticeMessage[] = [];
    const announce = async (message: NoticeMessage) => void announced.push(message);

    beforeAll(async () => {
      t = await createTestApp(kind);
      admin = client(t, await t.login());
      const db = t.app.ctx.db.db;
      await insertRole(db, QUALITY);
      await ensureTenant(db, 2);
      officer = await insertUser(db, { username: `qa${process.pid}`, password: 'Passw0rd1', roleIds: [QUALITY] });
      otherTenantOfficer = await insertUser(db, { username: `qb${process.pid}`, password: 'Passw0rd1', roleIds: [QUALITY], tenantIds: [2] });
      holder = await insertUser(db, { username: `holder${process.pid}`, password: 'Start1234s' });
      // the staff record's own certificate (the date the staff list flags), in 19 days
      await db
        .updateTable('sysUser')
        .set({ realname: '李检测', certificateName: '试验检测师', certificateValidity: '2031-03-20' })
        .where('id', '=', holder)
        .execute();
      const typeId = (await admin.post('/admin/certificateAbilityType/add', { name: '公路水运试验检测' })).body.result.id;
      const profession = (await admin.post('/admin/profession/add', { name: '道路工程', typeId })).body.result.id;
      const personal = (name: string, expirationDate: string) => ({
        userId: holder,
        name,
        organization: '住建厅',
        issuanceDate: '2028-01-01',
        expirationDate,
        img: 'cert/a.png',
      });
      for (const body of [
        personal('安全员证', '2031-03-11'), // in 10 days
        personal('试验员证', '2031-04-15'), // in 45 days: not yet
        personal('旧证', '2031-02-28'), // expired yesterday: the list flags it, no "expiring" message
      ])
        expect((await admin.post('/admin/certificatePersonal/add', body)).body.success).toBe(true);
      const ability = { ...personal('', '2031-03-31'), name: undefined, typeId, no: 'JC001', professions: profession, level: 2 };
      const added = await admin.post('/admin/certificateAbility/add', ability); // in 30 days: the last day counted
      expect(added.body, JSON.stringify(added.body)).toMatchObject({ success: true });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('tells the holder and the quality officers of their tenant once per certificate, and only once', async () => {
      const db = t.app.ctx.db.db;
      // whichever case runs first sends them; every later run finds them sent
      await sendExpiryNotices(db, announce, { days: 30, qualityRole: QUALITY, today: TODAY });
      expect(announced.map((m) => m.cmd)).toEqual(['user', 'user', 'user']);
      const rows = await noticeDb(db).selectFrom('sysAnnouncement').selectAll().where('busId', 'like', 'cert-expiry:%').execute();
      expect(rows.map((r) => r.titile).sort()).toEqual(
        ['证书即将到期：李检测的公路水运试验检测', '证书即将到期：李检测的安全员证', '证书即将到期：李检测的试验检测师'].sort(),
      );
      for (const row of rows) {
        expect(row).toMatchObject({ msgCategory: '2', msgType: 'USER', sendStatus: '1', tenantId: 1 });
        expect(row.msgContent).toMatch(/将于 2031-03-(11|20|31) 到期/);
        const sends = await noticeDb(db).selectFrom('sysAnnouncementSend').select('userId').where('anntId', '=', row.id).execute();
        expect(sends.map((s) => s.userId).sort()).toEqual([holder, officer].sort());
        expect(sends.map((s) => s.userId)).not.toContain(otherTenantOfficer);
      }

      expect(await sendExpiryNotices(db, announce, { days: 30, qualityRole: QUALITY, today: TODAY })).toBe(0);
      expect(announced).toHaveLength(3);
    });

    it('shows the message in the holder’s bell', async () => {
      const db = t.app.ctx.db.db;
      await sendExpiryNotices(db, announce, { days: 30, qualityRole: QUALITY, today: TODAY });
      const holderClient = client(t, await t.login(`holder${process.pid}`, 'Start1234s'));
      const res = await holderClient.get('/sys/annountCement/listByUser');
      expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true });
      expect(JSON.stringify(res.body.result)).toContain('证书即将到期：李检测的安全员证');
    });
  });
});

// The wiring: a server started with expiry notices on (CLOUDLAB_EXPIRY_NOTICE_DAYS, CLOUDLAB_QUALITY_ROLE; see
// config.test.ts) runs them at start through the app's own notice bus, so the holder and the quality officer
// find the message in their bells without anything calling sendExpiryNotices.
describe.each(matrix)('$kind: a server started with expiry notices on', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    it('announces the certificates expiring within the configured days to the holder and the quality officer', async () => {
      const role = `qwire${process.pid}`;
      const today = dayjs();
      const first = await createTestApp(kind);
      let second: TestApp | undefined;
      let firstOpen = true;
      try {
        const admin = client(first, await first.login());
        const db = first.app.ctx.db.db;
        await insertRole(db, role);
        await insertUser(db, { username: `qw${process.pid}`, password: 'Passw0rd1', roleIds: [role] });
        const holder = await insertUser(db, { username: `hw${process.pid}`, password: 'Start1234s' });
        await db.updateTable('sysUser').set({ realname: '周检测' }).where('id', '=', holder).execute();
        const certificate = (name: string, days: number) => ({
          userId: holder,
          name,
          organization: '住建厅',
          issuanceDate: today.subtract(1, 'year').format('YYYY-MM-DD'),
          expirationDate: today.add(days, 'day').format('YYYY-MM-DD'),
          img: 'cert/a.png',
        });
        expect((await admin.post('/admin/certificatePersonal/add', certificate('上岗证', 5))).body.success).toBe(true);
        // beyond the configured 10 days: not announced
        expect((await admin.post('/admin/certificatePersonal/add', certificate('远期证', 40))).body.success).toBe(true);
        await first.app.close();
        firstOpen = false;

        second = await createTestApp(kind, { database: first.database, config: { expiryNotice: { days: 10, qualityRole: role } } });
        const started = second;
        const bell = async (username: string, password: string) => {
          const res = await started.request({ method: 'GET', url: '/sys/annountCement/listByUser', token: await started.login(username, password) });
          return JSON.stringify(res.json().result);
        };
        // the run starts with the server and is not awaited by it
        await expect.poll(() => bell(`qw${process.pid}`, 'Passw0rd1'), { timeout: 10_000 }).toContain('证书即将到期：周检测的上岗证');
        const officer = await bell(`qw${process.pid}`, 'Passw0rd1');
        expect(officer).not.toContain('远期证');
        expect(await bell(`hw${process.pid}`, 'Start1234s')).toContain('证书即将到期：周检测的上岗证');
      } finally {
        if (firstOpen) await first.app.close();
        await second?.close();
        await first.database.drop();
      }
    });
  });
});
