import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import memberFile from '../../schemas/staff/models/member.model.json' with { type: 'json' };
import { ASSESSOR_EXPORT_PERMISSION } from '../../server/api/staffAssessorExport.js';
import { databaseMatrix } from '../helpers/databases.js';
import { staffMemberBody } from '../helpers/staffFixture.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { insertDepart } from '../helpers/testRows.js';
import { client, tokenWith, type Client } from './engineSupport.js';
import { readWorkbook } from './xlsxSupport.js';

const matrix = await databaseMatrix();
const URL = '/admin/user/exportAssessor';

// Issue 11: an export of all staff records for an assessor, one sheet of people and one per sub-record tab.
describe.each(matrix)('$kind: the assessor export of the staff records', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let token: string;
    let admin: Client;
    const tag = `ax${process.pid}`;

    beforeAll(async () => {
      t = await createTestApp(kind);
      token = await t.login();
      admin = client(t, token);
      const departId = await insertDepart(t.app.ctx.db.db, `${tag}D`, '检测三室');
      expect((await admin.post('/api/permission/Position', { fullName: '检测员', enCode: `P.${tag}` })).body.code).toBe(200);
      const type = (await admin.post('/admin/certificateAbilityType/add', { name: '公路水运试验检测' })).body.result.id;
      const road = (await admin.post('/admin/profession/add', { name: '道路工程', typeId: type })).body.result.id;
      for (const [i, name] of ['孙评审', '周评审'].entries()) {
        const member = await admin.post(
          '/admin/user/add',
          staffMemberBody({ username: `${tag}${i}`, realname: name, workNo: `${tag}W${i}`, departIds: departId, post: `P.${tag}`, images: 'image/none.png' }),
        );
        expect(member.body, JSON.stringify(member.body)).toMatchObject({ success: true });
        const userId = String(member.body.result.id);
        expect((await admin.post('/system/sysUserEducation/add', { userId, school: `${name}的大学`, educationBackground: '3' })).body.success).toBe(true);
        expect((await admin.post('/system/sysUserTrain/add', { userId, name: `${name}培训`, time: '2025-03-01' })).body.success).toBe(true);
        const certificate = await admin.post('/admin/certificateAbility/add', {
          userId,
          typeId: type,
          professions: road,
          no: `${tag}C${i}`,
          level: 2,
          organization: '交通运输部',
          issuanceDate: '2020-01-01',
          img: 'image/none.png',
        });
        expect(certificate.body, JSON.stringify(certificate.body)).toMatchObject({ success: true });
      }
    });
    afterAll(async () => {
      await t?.close();
    });

    async function exported(as: string) {
      const res = await t.request({ method: 'GET', url: URL, token: as });
      return { res, book: res.statusCode === 200 && res.rawPayload[0] === 0x50 ? await readWorkbook(res.rawPayload) : null };
    }

    it('writes the staff records and each sub-record tab as sheets of one workbook, labels instead of codes', async () => {
      const { res, book } = await exported(token);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect(res.headers['content-disposition']).toContain(encodeURIComponent('人员技术档案'));
      expect(book!.sheetNames).toEqual(['员工档案', '教育经历', '工作简历', '技术职称', '培训记录', '论文', '专利', '持有证书', '其他证书']);
      const people = book!.sheets.get('员工档案')!;
      const header = people[0] as string[];
      expect(header).toContain('姓名');
      expect(header).toContain('身份证号');
      // pictures, uploads and credentials are not written
      for (const hidden of ['密码', '证件照', '电子签名', 'password', 'salt']) expect(header).not.toContain(hidden);
      const rows = people.slice(1).map((row) => Object.fromEntries(header.map((h, i) => [h, row[i]])));
      const sun = rows.find((row) => row['姓名'] === '孙评审')!;
      expect(sun).toMatchObject({ 工号: `${tag}W0`, 所属部门: '检测三室', 性别: '男' });
      const certificates = book!.sheets.get('持有证书')!;
      expect(certificates[0]).toEqual(expect.arrayContaining(['员工', '证书类型名称', '专业', '等级']));
      const ability = certificates.slice(1).map((row) => Object.fromEntries((certificates[0] as string[]).map((h, i) => [h, row[i]])));
      expect(ability.filter((row) => String(row['证书编号']).startsWith(tag))).toEqual([
        expect.objectContaining({ 员工: '孙评审', 证书类型名称: '公路水运试验检测', 专业: '道路工程', 等级: '检师' }),
        expect.objectContaining({ 员工: '周评审', 证书类型名称: '公路水运试验检测', 专业: '道路工程', 等级: '检师' }),
      ]);
      expect(JSON.stringify(book!.sheets.get('培训记录'))).toContain('周评审培训');
      expect(book!.sheets.get('教育经历')![0]).not.toContain('员工 ID');
    });

    it('needs its permission, and leaves out the tabs the caller may not list', async () => {
      const outsider = await tokenWith(t, ['staff:member:list']);
      const refused = await t.request({ method: 'GET', url: URL, token: outsider });
      expect(refused.json()).toMatchObject({ success: false, code: 510 });
      expect((await t.request({ method: 'GET', url: URL })).statusCode).toBe(401);
      const partial = await tokenWith(t, ['staff:member:assessorExport', 'staff:member:list', 'staff:train:list']);
      const { book } = await exported(partial);
      expect(book!.sheetNames).toEqual(['员工档案', '培训记录']);
      expect(JSON.stringify(book!.sheets.get('培训记录'))).toContain('孙评审培训');
      // another tenant's assessor sees none of these people
      const elsewhere = await tokenWith(t, ['staff:member:assessorExport', 'staff:member:list', 'staff:train:list'], { tenantId: 2 });
      const theirs = (await exported(elsewhere)).book!;
      expect(JSON.stringify([...theirs.sheets.values()])).not.toContain('评审');
    });

    it('is a button of 员工档案 a role can be granted: the code the list action names, which the route checks', async () => {
      const db = t.app.ctx.db.db;
      const button = await db.selectFrom('sysPermission').select(['id', 'name', 'parentId']).where('perms', '=', ASSESSOR_EXPORT_PERMISSION).execute();
      expect(button).toEqual([{ id: `btn:${ASSESSOR_EXPORT_PERMISSION}`, name: '导出人员技术档案', parentId: 'staff.member' }]);
      const actions = memberFile.list.actions as (string | { key: string; permission?: string })[];
      const action = actions.find((a) => typeof a === 'object' && a.key === 'assessorExport') as { permission?: string };
      expect(`${memberFile.permissions.prefix}${action.permission}`).toBe(ASSESSOR_EXPORT_PERMISSION);
    });
  });
});
