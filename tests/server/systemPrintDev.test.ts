import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { insertDepart } from '../helpers/testRows.js';
import { pdfImageCounts, pdfText } from '../helpers/pdfText.js';
import { staffMemberBody } from '../helpers/staffFixture.js';
import { client, tokenWith, userWith, type Client } from './engineSupport.js';
import { multipart } from './xlsxSupport.js';

const matrix = await databaseMatrix();
const BASE = '/api/system/printDev';
// a real 1×1 PNG: the PDF engine decodes what it embeds
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe.each(matrix)('$kind: print templates (/api/system/printDev)', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let token: string;
    let admin: Client;
    let memberId: string;
    let signature: string;
    let stamp: string;

    async function upload(name: string): Promise<string> {
      const res = await t.request({ method: 'POST', url: '/sys/common/upload', token, ...multipart('file', name, PNG, { biz: 'image' }) });
      return String(res.json().message);
    }

    const template = () => ({
      page: { size: 'A4', orientation: 'portrait', margin: 40 },
      blocks: [
        { kind: 'title', text: '人员技术档案', align: 'center' },
        { kind: 'fields', columns: 2, fields: ['realname', 'workNo', 'sex', 'highestTitle'] },
        { kind: 'table', model: 'staff.technicalTitle', title: '技术职称', columns: ['technicalTitle', 'majorName', 'evaluationTime'] },
        { kind: 'image', field: 'signatureImg', width: 80, caption: '本人签名' },
        { kind: 'image', file: stamp, width: 100, caption: '检测专用章', align: 'right' },
      ],
    });

    beforeAll(async () => {
      t = await createTestApp(kind);
      token = await t.login();
      admin = client(t, token);
      const departId = await insertDepart(t.app.ctx.db.db, 'P01', '检测一室');
      expect((await admin.post('/api/permission/Position', { fullName: '检测员', enCode: 'P.print' })).body.code).toBe(200);
      signature = await upload('sign.png');
      stamp = await upload('stamp.png');
      const member = await admin.post(
        '/admin/user/add',
        staffMemberBody({ username: `printer${process.pid}`, realname: '王检测', workNo: 'W900', departIds: departId, post: 'P.print', images: signature }),
      );
      expect(member.body, JSON.stringify(member.body)).toMatchObject({ success: true });
      memberId = String(member.body.result.id);
      const title = await admin.post('/system/sysUserTechnicalTitles/add', {
        userId: memberId,
        technicalTitle: '2',
        majorName: '道路工程',
        evaluationTime: '2021-06-01',
      });
      expect(title.body, JSON.stringify(title.body)).toMatchObject({ success: true });
    });
    afterAll(async () => {
      await t?.close();
    });

    async function createTemplate(body: Record<string, unknown> = {}) {
      return (
        await admin.post(BASE, {
          fullName: '人员档案',
          enCode: `staff.${Math.random().toString(36).slice(2, 8)}`,
          type: 'staff',
          formId: 'staff.member',
          template: template(),
          ...body,
        })
      ).body;
    }

    it('offers the model fields and sub-record tabs a template binds, and refuses a template naming anything else', async () => {
      const fields = (await admin.post(`${BASE}/Fields`, { formId: 'staff.member' })).body.data;
      expect(fields.fields.map((f: { field: string }) => f.field)).toEqual(expect.arrayContaining(['realname', 'signatureImg']));
      expect(fields.fields.map((f: { field: string }) => f.field)).not.toContain('password');
      expect(fields.tables.map((tab: { model: string }) => tab.model)).toContain('staff.technicalTitle');
      expect((await admin.get(`${BASE}/Models`)).body.data.list.map((m: { formId: string }) => m.formId)).toContain('staff.member');
      for (const bad of [
        { ...template(), blocks: [{ kind: 'fields', columns: 2, fields: ['password'] }] },
        { ...template(), blocks: [{ kind: 'table', model: 'system.role', columns: ['roleName'] }] },
        { ...template(), blocks: [{ kind: 'image', field: 'realname', width: 80 }] },
        { ...template(), blocks: [{ kind: 'image', file: '../../etc/passwd', width: 80 }] },
        { ...template(), blocks: [{ kind: 'script', text: 'x' }] },
      ]) {
        const answer = await createTemplate({ template: bad });
        expect(answer.error, JSON.stringify(bad.blocks)).toBe('CL_ERR_PRINT_TEMPLATE_INVALID');
      }
      expect((await createTemplate({ formId: 'no.such' })).error).toBe('CL_ERR_PRINT_TEMPLATE_INVALID');
    });

    it('prints a record with its sub-record table, signature and stamp, as data for the browser and as a PDF', async () => {
      const created = await createTemplate();
      expect(created.code, JSON.stringify(created)).toBe(200);
      const id = String(created.data.id);
      const data = (await admin.get(`${BASE}/Data`, { id, dataId: memberId })).body.data;
      expect(data.record).toMatchObject({ realname: '王检测', sex_dictText: '男' });
      expect(data.record).not.toHaveProperty('password');
      expect(data.tables['staff.technicalTitle']).toEqual([expect.objectContaining({ majorName: '道路工程', technicalTitle_dictText: '高级工程师' })]);
      expect(data.images[signature]).toMatch(/^data:image\/png;base64,/);
      expect(data.images[stamp]).toMatch(/^data:image\/png;base64,/);
      // JNPF names the record formId
      expect((await admin.get(`${BASE}/Data`, { id, formId: memberId })).body.data.record.id).toBe(memberId);

      const pdf = await t.request({ method: 'GET', url: `${BASE}/Pdf`, token, query: { id, dataId: memberId } });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const text = await pdfText(pdf.rawPayload);
      for (const expected of ['人员技术档案', '王检测', 'W900', '高级工程师', '道路工程', '2021-06-01', '本人签名', '检测专用章'])
        expect(text).toContain(expected);
      // the signature (the record's image field) and the stamp (a stored file) are painted, not only captioned
      expect((await pdfImageCounts(pdf.rawPayload)).reduce((a, b) => a + b, 0)).toBe(2);
      // the font is embedded subset: the file stays small
      expect(pdf.rawPayload.length).toBeLessThan(400_000);
    });

    it('prints only what the caller may read: the record model permission, the tenant, an enabled template', async () => {
      const id = String((await createTemplate()).data.id);
      const outsider = await userWith(t, []);
      expect((await outsider.get(`${BASE}/Data`, { id, dataId: memberId })).body.error).toBe('CL_ERR_RECORD_NOT_FOUND');
      const otherTenant = await userWith(t, ['staff:member:list', 'staff:member:print'], { tenantId: 2 });
      expect((await otherTenant.get(`${BASE}/Data`, { id, dataId: memberId })).body.error).toBe('CL_ERR_RECORD_NOT_FOUND');
      // a reader of staff records without the technical-title permission gets the table empty
      const reader = await userWith(t, ['staff:member:list', 'staff:member:print']);
      const data = (await reader.get(`${BASE}/Data`, { id, dataId: memberId })).body.data;
      expect(data.record.realname).toBe('王检测');
      expect(data.tables['staff.technicalTitle']).toEqual([]);
      expect((await reader.post(`${BASE}/Fields`, { formId: 'staff.member' })).status).toBe(403);
      await admin.put(`${BASE}/${id}/Actions/State`);
      expect((await admin.get(`${BASE}/Data`, { id, dataId: memberId })).body.error).toBe('CL_ERR_RECORD_NOT_FOUND');
      expect((await admin.get(`${BASE}/Data`, { id })).status).toBe(400);
      expect((await admin.get(`${BASE}/Data`, { id, dataId: memberId, x: 1 })).status).toBe(400);
    });

    it('prints a staff record only for a holder of 打印 (staff:member:print, the code its row action names), data and PDF alike', async () => {
      const id = String((await createTemplate()).data.id);
      const reader = await tokenWith(t, ['staff:member:list']);
      for (const url of [`${BASE}/Data`, `${BASE}/Pdf`]) {
        const refused = await t.request({ method: 'GET', url, token: reader, query: { id, dataId: memberId } });
        expect(refused.statusCode).toBe(403);
        expect(refused.json().error).toBe('CL_ERR_NO_PERMISSION');
      }
      const printer = client(t, await tokenWith(t, ['staff:member:list', 'staff:member:print']));
      expect((await printer.get(`${BASE}/Data`, { id, dataId: memberId })).body.data.record.realname).toBe('王检测');
      // the admin role holds the code the model generates, under the 员工档案 menu, named by the action's label
      const button = await t.app.ctx.db.db
        .selectFrom('sysPermission')
        .select(['name', 'parentId'])
        .where('perms', '=', 'staff:member:print')
        .executeTakeFirstOrThrow();
      expect(button).toEqual({ name: '打印', parentId: 'staff.member' });
    });

    it('copies, exports, selects by type and model, and edits a template', async () => {
      const created = (await createTemplate({ enCode: 'staff.copy.src' })).data;
      const copy = (await admin.post(`${BASE}/${String(created.id)}/Actions/Copy`, {})).body;
      expect(copy.code, JSON.stringify(copy)).toBe(200);
      const copied = (await admin.get(`${BASE}/${String(copy.data.id)}`)).body.data;
      expect(copied).toMatchObject({ formId: 'staff.member', enabledMark: 0, template: template() });
      expect(copied.enCode).toMatch(/^staff\.copy\.src\./);
      expect(copied.fullName).toBe('人员档案 副本');
      const exported = await admin.get(`${BASE}/${String(created.id)}/Actions/Export`);
      expect(exported.body).toMatchObject({ enCode: 'staff.copy.src', formId: 'staff.member' });
      const selector = (await admin.get(`${BASE}/Selector`, { type: 'staff', formId: 'staff.member' })).body.data.list as { id: string }[];
      expect(selector.map((s) => s.id)).toContain(created.id);
      // the copy is disabled until someone enables it
      expect(selector.map((s) => s.id)).not.toContain(copy.data.id);
      expect((await admin.get(`${BASE}/Selector`, { type: 'report' })).body.data.list.map((s: { id: string }) => s.id)).not.toContain(created.id);
      const edited = await admin.put(`${BASE}/${String(created.id)}`, {
        version: created.version,
        template: { ...template(), blocks: [{ kind: 'title', text: '改', align: 'left' }] },
      });
      expect(edited.body, JSON.stringify(edited.body)).toMatchObject({ code: 200 });
      const refused = await admin.put(`${BASE}/${String(created.id)}`, { version: edited.body.data.version, formId: 'system.role' });
      // the stored template names nothing of system.role's... a title only, so a model change is fine
      expect(refused.body.code).toBe(200);
      const nobody = await userWith(t, []);
      expect((await nobody.post(`${BASE}/${String(created.id)}/Actions/Copy`, {})).status).toBe(403);
    });
  });
});
