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
      await db.updateTable('sysUser').set({ realname: '李检测' }).where('id', '=', holder).execute();
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
      expect(announced.map((m) => m.cmd)).toEqual(['user', 'user']);
      const rows = await noticeDb(db).selectFrom('sysAnnouncement').selectAll().where('busId', 'like', 'cert-expiry:%').execute();
      expect(rows.map((r) => r.titile).sort()).toEqual(['证书即将到期：李检测的公路水运试验检测', '证书即将到期：李检测的安全员证']);
      for (const row of rows) {
        expect(row).toMatchObject({ msgCategory: '2', msgType: 'USER', sendStatus: '1', tenantId: 1 });
        expect(row.msgContent).toMatch(/将于 2031-03-(11|31) 到期/);
        const sends = await noticeDb(db).selectFrom('sysAnnouncementSend').select('userId').where('anntId', '=', row.id).execute();
        expect(sends.map((s) => s.userId).sort()).toEqual([holder, officer].sort());
        expect(sends.map((s) => s.userId)).not.toContain(otherTenantOfficer);
      }

      expect(await sendExpiryNotices(db, announce, { days: 30, qualityRole: QUALITY, today: TODAY })).toBe(0);
      expect(announced).toHaveLength(2);
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
