import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { pdfText } from '../helpers/pdfText.js';
import { staffMemberBody } from '../helpers/staffFixture.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { insertDepart } from '../helpers/testRows.js';
import { client, type Client } from './engineSupport.js';

const matrix = await databaseMatrix();

// Issue 11's competence summary (ISO/IEC 17025 §6.2) as a print template over the staff record: current
// titles, and this year's training with its hours summed (competence.trainHours extends staff.train).
describe.each(matrix)('$kind: competence summary through a print template', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let token: string;
    let admin: Client;
    let memberId: string;
    const year = dayjs().format('YYYY');

    beforeAll(async () => {
      // the lab seed ships the competence summary template (server/seed/labSeed.json)
      t = await createTestApp(kind, { config: { labSeedPassword: 'Labseed2026' } });
      token = await t.login();
      admin = client(t, token);
      const departId = await insertDepart(t.app.ctx.db.db, 'C01', '检测二室');
      expect((await admin.post('/api/permission/Position', { fullName: '检测员', enCode: 'P.comp' })).body.code).toBe(200);
      const member = await admin.post(
        '/admin/user/add',
        staffMemberBody({ username: `comp${process.pid}`, realname: '赵能力', workNo: 'W777', departIds: departId, post: 'P.comp', images: 'image/none.png' }),
      );
      expect(member.body, JSON.stringify(member.body)).toMatchObject({ success: true });
      memberId = String(member.body.result.id);
      for (const train of [
        { name: '本年培训甲', time: `${year}-03-01`, trainHours: 8 },
        { name: '本年培训乙', time: `${year}-01-15`, trainHours: 4.5 },
        { name: '往年培训丙', time: `${Number(year) - 1}-06-01`, trainHours: 10 },
      ]) {
        const res = await admin.post('/system/sysUserTrain/add', { userId: memberId, ...train });
        expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true });
      }
      await admin.post('/system/sysUserTechnicalTitles/add', { userId: memberId, technicalTitle: '2', majorName: '材料', evaluationTime: '2019-01-01' });
      // authorised test items: a testing certificate in force, and an expired one that no longer authorises
      const type = (await admin.post('/admin/certificateAbilityType/add', { name: '公路水运试验检测' })).body.result.id;
      const profession = async (name: string) => (await admin.post('/admin/profession/add', { name, typeId: type })).body.result.id as string;
      const road = await profession('道路工程');
      const bridge = await profession('桥梁隧道工程');
      const lapsed = await profession('交通安全设施');
      for (const [no, professions, expirationDate] of [
        ['JC-ROAD', `${road},${bridge}`, `${Number(year) + 3}-12-31`],
        ['JC-OLD', lapsed, `${Number(year) - 1}-01-01`],
      ]) {
        const res = await admin.post('/admin/certificateAbility/add', {
          userId: memberId,
          typeId: type,
          professions,
          no,
          level: 2,
          organization: '交通运输部',
          issuanceDate: '2015-01-01',
          expirationDate,
          img: 'image/none.png',
        });
        expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true });
      }
    });
    afterAll(async () => {
      await t?.close();
    });

    it('prints current titles and this year training hours, summed, as a PDF', async () => {
      const template = {
        page: { size: 'A4', orientation: 'portrait', margin: 40 },
        blocks: [
          { kind: 'title', text: '人员能力一览' },
          { kind: 'fields', columns: 2, fields: ['realname', 'workNo'] },
          { kind: 'table', model: 'staff.technicalTitle', title: '现有职称', columns: ['technicalTitle', 'majorName'] },
          {
            kind: 'table',
            model: 'staff.train',
            title: '本年度培训',
            columns: ['trainName', 'trainTime', 'trainHours'],
            rowsWhere: { field: 'trainTime', is: 'thisYear' },
            totals: { label: '学时合计', fields: ['trainHours'] },
          },
        ],
      };
      const created = (
        await admin.post('/api/system/printDev', { fullName: '人员能力一览', enCode: 'competence.designed', type: 'staff', formId: 'staff.member', template })
      ).body;
      expect(created.code, JSON.stringify(created)).toBe(200);
      const id = String(created.data.id);
      const data = (await admin.get('/api/system/printDev/Data', { id, dataId: memberId })).body.data;
      expect(data.tables['staff.train#3'].map((r: { trainName: string }) => r.trainName).sort()).toEqual(['本年培训乙', '本年培训甲']);
      const pdf = await t.request({ method: 'GET', url: '/api/system/printDev/Pdf', token, query: { id, dataId: memberId } });
      const text = await pdfText(pdf.rawPayload);
      for (const expected of ['人员能力一览', '赵能力', '高级工程师', '本年培训甲', '本年培训乙', '学时合计', '12.5']) expect(text).toContain(expected);
      expect(text).not.toContain('往年培训丙');
      // a sum over a column that is not a number is refused at save
      const bad = { ...template, blocks: [{ ...template.blocks[3], totals: { label: 'x', fields: ['trainName'] } }] };
      expect((await admin.post('/api/system/printDev', { fullName: 'x', enCode: 'competence.bad', formId: 'staff.member', template: bad })).body.error).toBe(
        'CL_ERR_PRINT_TEMPLATE_INVALID',
      );
    });

    it('ships the competence summary with the authorised test items of the certificates in force', async () => {
      const templates = (await admin.get('/api/system/printDev/Selector', { formId: 'staff.member' })).body.data;
      const summary = (templates.list ?? templates).find((row: { enCode: string }) => row.enCode === 'competence.summary');
      expect(summary, JSON.stringify(templates)).toBeDefined();
      const pdf = await t.request({ method: 'GET', url: '/api/system/printDev/Pdf', token, query: { id: summary.id, dataId: memberId } });
      expect(pdf.statusCode).toBe(200);
      const text = await pdfText(pdf.rawPayload);
      for (const expected of [
        '人员能力一览',
        '赵能力',
        '授权检测项目',
        '公路水运试验检测',
        '道路工程',
        '桥梁隧道工程',
        '检师',
        'JC-ROAD',
        '现有职称',
        '学时合计',
        '12.5',
      ])
        expect(text).toContain(expected);
      for (const absent of ['JC-OLD', '交通安全设施', '往年培训丙']) expect(text).not.toContain(absent);
    });
  });
});
