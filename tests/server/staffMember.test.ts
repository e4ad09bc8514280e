import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { ensureTenant, insertDepart, insertUser, tenantAdminRole } from '../helpers/testRows.js';
import { newId } from '../../server/db/ids.js';
import { nowText } from '../../server/db/timestamps.js';
import { pngOf } from '../e2e/support/pngImage.js';
import { client, userWith, type Client } from './engineSupport.js';
import { multipart } from './xlsxSupport.js';

// The staff record (spec 001 §3/§5): a view of system.user served at /admin/user/* with the staff
// form's rules, which 用户管理 (/api/permission/Users) does not have.
const matrix = await databaseMatrix();
let seq = 0;

/** The header of a JPEG of the given size (SOI, a JFIF and an EXIF-like segment, then the frame header): enough to store and measure. */
function jpegOf(width: number, height: number): Buffer {
  const segment = (marker: number, body: Buffer) => {
    const head = Buffer.from([0xff, marker, 0, 0]);
    head.writeUInt16BE(body.length + 2, 2);
    return Buffer.concat([head, body]);
  };
  const frame = Buffer.from([8, 0, 0, 0, 0, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  frame.writeUInt16BE(height, 1);
  frame.writeUInt16BE(width, 3);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, Buffer.from('4a46494600010100000100010000', 'hex')),
    segment(0xe1, Buffer.concat([Buffer.from('Exif\0\0'), Buffer.alloc(300, 7)])),
    segment(0xc0, frame),
    Buffer.from([0xff, 0xd9]),
  ]);
}

describe.each(matrix)('$kind: the staff record at /admin/user', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;
    let departId: string;
    let otherDepartId: string;
    beforeAll(async () => {
      t = await createTestApp(kind);
      admin = client(t, await t.login());
      departId = await insertDepart(t.app.ctx.db.db, 'S01', '检测一室');
      otherDepartId = await insertDepart(t.app.ctx.db.db, 'S02', '检测二室');
      for (const enCode of ['P.tester', 'P.lead']) {
        const res = await admin.post('/api/permission/Position', { fullName: enCode, enCode });
        expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
      }
    });
    afterAll(async () => {
      await t?.close();
    });

    const valid = (overrides: Record<string, unknown> = {}) => ({
      username: `staff${process.pid}x${++seq}`,
      realname: '张三',
      workNo: `W${seq}`,
      sex: 1,
      idcard: '11010519900307123X',
      nation: '汉',
      idcardExpirationDate: '2035-01-01',
      nativePlace: '北京',
      idcardImgFront: 'staff/front.png',
      idcardImgBack: 'staff/back.png',
      phone: '13800138000',
      birthday: '1990-03-07',
      avatar: 'avatar/a.png',
      signatureImg: 'staff/sign.png',
      departIds: departId,
      post: 'P.tester',
      hiredate: '2020-01-01',
      startDate: '2020-02-01',
      highestEducation: '大学本科',
      highestTitle: '工程师',
      titleProfession: '检师',
      certificateName: '试验检测师',
      certificateNo: 'AB12345',
      certificateValidity: '2030-01-01',
      ...overrides,
    });
    const add = async (overrides: Record<string, unknown> = {}) => {
      const res = await admin.post('/admin/user/add', valid(overrides));
      expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true, code: 200 });
      return res.body.result as Record<string, any>;
    };
    const refusal = async (overrides: Record<string, unknown>) => {
      const res = await admin.post('/admin/user/add', valid(overrides));
      expect(res.body.success, JSON.stringify(res.body)).toBe(false);
      return String(res.body.message);
    };

    it('adds a staff member, reads it back with queryById and edits it with POST /admin/user/edit', async () => {
      const created = await add();
      expect(created).toMatchObject({ realname: '张三', departIds: departId, post: 'P.tester', sex_dictText: '男', status: 1 });
      expect(created).not.toHaveProperty('password');
      expect(created).not.toHaveProperty('salt');
      const read = await admin.get('/admin/user/queryById', { id: created.id, _t: 1 });
      expect(read.body).toMatchObject({ success: true, result: { id: created.id, idcard: '11010519900307123X', departIds: departId } });
      const edited = await admin.post('/admin/user/edit', {
        id: created.id,
        version: created.version,
        realname: '李四',
        departIds: `${departId},${otherDepartId}`,
        post: 'P.tester,P.lead',
      });
      expect(edited.body, JSON.stringify(edited.body)).toMatchObject({
        success: true,
        message: '编辑成功',
        result: { realname: '李四', departIds: `${departId},${otherDepartId}` },
      });
      // the link tables the rest of the system reads follow departIds and post
      const db = t.app.ctx.db.db;
      const departs = await db.selectFrom('sysUserDepart').select('depId').where('userId', '=', created.id).execute();
      expect(departs.map((d) => d.depId).sort()).toEqual([departId, otherDepartId].sort());
      const positions = await db.selectFrom('sysUserPosition').select('positionId').where('userId', '=', created.id).execute();
      expect(positions).toHaveLength(2);
      // the new account belongs to the tenant that keeps the record
      const tenants = await db.selectFrom('sysUserTenant').select('tenantId').where('userId', '=', created.id).execute();
      expect(tenants.map((row) => row.tenantId)).toEqual([1]);
      // the account exists for 用户管理 too, without the staff rules
      const user = await admin.get(`/api/permission/Users/${created.id}`);
      expect(user.body).toMatchObject({ code: 200, data: { username: created.username, realname: '李四' } });
    });

    it("an edit in one tenant keeps a shared account's departments and positions in its other tenants", async () => {
      const db = t.app.ctx.db.db;
      const OTHER = 74;
      await ensureTenant(db, OTHER);
      const adminId = (await db.selectFrom('sysUser').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
      if (!(await db.selectFrom('sysUserTenant').select('id').where('userId', '=', adminId).where('tenantId', '=', OTHER).executeTakeFirst())) {
        await db.insertInto('sysUserTenant').values({ id: newId(), userId: adminId, tenantId: OTHER, createTime: nowText() }).execute();
        await tenantAdminRole(db, OTHER, adminId);
      }
      const created = await add();
      // the same account works in tenant OTHER, in a department and a position of that tenant
      await db.insertInto('sysUserTenant').values({ id: newId(), userId: created.id, tenantId: OTHER, createTime: nowText() }).execute();
      const elsewhere = await insertDepart(db, `SX${process.pid}${seq}`, '别家检测室', OTHER);
      await db.insertInto('sysUserDepart').values({ id: newId(), userId: created.id, depId: elsewhere, createTime: nowText() }).execute();
      const otherAdmin = client(t, await t.login(), { tenant: OTHER });
      const position = await otherAdmin.post('/api/permission/Position', { fullName: '别家岗位', enCode: `PX${process.pid}${seq}` });
      expect(position.body.code, JSON.stringify(position.body)).toBe(200);
      await db.insertInto('sysUserPosition').values({ id: newId(), userId: created.id, positionId: position.body.data.id, createTime: nowText() }).execute();
      const edited = await admin.post('/admin/user/edit', { id: created.id, version: created.version, departIds: otherDepartId, post: 'P.lead' });
      expect(edited.body, JSON.stringify(edited.body)).toMatchObject({ success: true });
      const departs = await db.selectFrom('sysUserDepart').select('depId').where('userId', '=', created.id).execute();
      expect(departs.map((d) => d.depId).sort()).toEqual([otherDepartId, elsewhere].sort());
      const positions = await db.selectFrom('sysUserPosition').select('positionId').where('userId', '=', created.id).execute();
      expect(positions.map((p) => p.positionId)).toContain(position.body.data.id);
      expect(positions).toHaveLength(2);
    });

    it("reads and writes a shared account's departments and positions (departIds, post) per tenant", async () => {
      const db = t.app.ctx.db.db;
      const OTHER = 78;
      await ensureTenant(db, OTHER);
      const adminId = (await db.selectFrom('sysUser').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
      await db.insertInto('sysUserTenant').values({ id: newId(), userId: adminId, tenantId: OTHER, createTime: nowText() }).execute();
      await tenantAdminRole(db, OTHER, adminId);
      const otherAdmin = client(t, await t.login(), { tenant: OTHER });
      const created = await add({ departIds: departId, post: 'P.tester' });
      await db.insertInto('sysUserTenant').values({ id: newId(), userId: created.id, tenantId: OTHER, createTime: nowText() }).execute();
      const theirDepart = await insertDepart(db, `SY${process.pid}${seq}`, '乙方检测室', OTHER);
      const theirCode = `PY${process.pid}${seq}`;
      expect((await otherAdmin.post('/api/permission/Position', { fullName: '乙方岗位', enCode: theirCode })).body.code).toBe(200);
      // tenant OTHER's administrator sees none of tenant 1's choices, and sets their own
      const there = await otherAdmin.get('/admin/user/queryById', { id: created.id });
      expect(there.body.result).toMatchObject({ departIds: null, post: null });
      const edited = await otherAdmin.post('/admin/user/edit', { id: created.id, version: there.body.result.version, departIds: theirDepart, post: theirCode });
      expect(edited.body, JSON.stringify(edited.body)).toMatchObject({ success: true, result: { departIds: theirDepart, post: theirCode } });
      // tenant 1 still reads its own, in the detail, the list and the export's rows
      const here = await admin.get('/admin/user/queryById', { id: created.id });
      expect(here.body.result).toMatchObject({ departIds: departId, post: 'P.tester', departIds_dictText: '检测一室' });
      const listed = await admin.get('/admin/user/list', { workNo: created.workNo, pageSize: 10 });
      expect(listed.body.result.records).toEqual([expect.objectContaining({ id: created.id, departIds: departId, post: 'P.tester' })]);
      expect((await otherAdmin.get('/admin/user/queryById', { id: created.id })).body.result).toMatchObject({ departIds: theirDepart, post: theirCode });
      // nothing of either tenant's choice is kept on the shared account row
      const row = await db.selectFrom('sysUser').select(['departIds', 'post']).where('id', '=', created.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ departIds: null, post: null });
    });

    it('answers safetyUndertakings (detail only, spec 001 §3) on queryById and refuses it from add and edit', async () => {
      const created = await add();
      await t.app.ctx.db.db.updateTable('sysUser').set({ safetyUndertakings: '本人承诺遵守实验室安全规定' }).where('id', '=', created.id).execute();
      const read = await admin.get('/admin/user/queryById', { id: created.id });
      expect(read.body).toMatchObject({ success: true, result: { id: created.id, safetyUndertakings: '本人承诺遵守实验室安全规定' } });
      // the served staff dialog places it in the detail view only (format v12 detailOnly), after the commitment file and its date
      const served = (await admin.get('/system/model/staff.member')).body.result.model;
      const items: unknown[] = served.form.sections.flatMap((section: { fields: unknown[] }) => section.fields);
      const names = items.map((item) => (typeof item === 'string' ? item : (item as { field: string }).field));
      const at = names.indexOf('safetyUndertakings');
      expect(names.slice(at - 2, at + 1)).toEqual(['fileUrl', 'fileUpdateDate', 'safetyUndertakings']);
      expect(items[at]).toEqual({ field: 'safetyUndertakings', detailOnly: true });
      // a client never writes it: the server refuses it on edit and on add
      const edit = await admin.post('/admin/user/edit', { id: created.id, version: read.body.result.version, safetyUndertakings: '改写' });
      expect(edit.body).toMatchObject({ success: false, error: 'CL_ERR_FIELD_READONLY' });
      const added = await admin.post('/admin/user/add', valid({ safetyUndertakings: '自填' }));
      expect(added.body).toMatchObject({ success: false, error: 'CL_ERR_FIELD_READONLY' });
      const after = await admin.get('/admin/user/queryById', { id: created.id });
      expect(after.body.result.safetyUndertakings).toBe('本人承诺遵守实验室安全规定');
    });

    it('refuses another tenant’s department as an unknown one', async () => {
      const db = t.app.ctx.db.db;
      await ensureTenant(db, 2);
      const foreign = await insertDepart(db, `X${process.pid}`, '别家检测室', 2);
      expect(await refusal({ departIds: `${departId},${foreign}` })).toBe('所选部门不存在');
    });

    it('names the account of a staff member added without 账号 by the work number, else the mobile number (spec 001 §3 has no account field)', async () => {
      const workNo = `GH${process.pid}x${++seq}`;
      const byWorkNo = await add({ username: '', workNo });
      expect(byWorkNo.username).toBe(workNo);
      const phone = `139${String(process.pid * 100 + ++seq)
        .padStart(8, '0')
        .slice(-8)}`;
      const byPhone = await add({ username: undefined, workNo: `工-${seq}`, phone });
      expect(byPhone.username).toBe(phone);
      // a name already in use is refused at 账号, as a typed one
      const taken = await admin.post('/admin/user/add', valid({ username: '', workNo }));
      expect(taken.body, JSON.stringify(taken.body)).toMatchObject({ success: false });
      expect(JSON.stringify(taken.body)).toContain('username');
      // an edit leaving 账号 empty keeps the name
      const edited = await admin.post('/admin/user/edit', { id: byWorkNo.id, version: byWorkNo.version, username: '', realname: '王五' });
      expect(edited.body, JSON.stringify(edited.body)).toMatchObject({ success: true, result: { username: workNo, realname: '王五' } });
    });

    it('sets fileUpdateDate to today when the commitment file is new or replaced, keeps it while unchanged, empties it without a file', async () => {
      const today = new Date();
      const iso = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
      const created = await add({ fileUrl: 'staff/promise.pdf', fileUpdateDate: '2001-01-01' });
      expect(created.fileUpdateDate).toBe(iso);
      await t.app.ctx.db.db.updateTable('sysUser').set({ fileUpdateDate: '2020-05-05' }).where('id', '=', created.id).execute();
      const same = await admin.post('/admin/user/edit', { id: created.id, version: 1, fileUrl: 'staff/promise.pdf', fileUpdateDate: '2001-01-01' });
      expect(same.body, JSON.stringify(same.body)).toMatchObject({ success: true });
      expect(same.body.result.fileUpdateDate).toBe('2020-05-05');
      const replaced = await admin.post('/admin/user/edit', { id: created.id, version: 2, fileUrl: 'staff/promise2.pdf' });
      expect(replaced.body.result.fileUpdateDate).toBe(iso);
      const removed = await admin.post('/admin/user/edit', { id: created.id, version: 3, fileUrl: '' });
      expect(removed.body.result).toMatchObject({ fileUrl: null, fileUpdateDate: null });
      const none = await add();
      expect(none.fileUpdateDate).toBeNull();
    });

    it('refuses each rule of the staff form with its message (spec 001 §5)', async () => {
      expect(await refusal({ realname: '' })).toBe('请输入员工姓名');
      expect(await refusal({ realname: '张'.repeat(21) })).toBe('请不要超过20个字');
      expect(await refusal({ idcard: '11010519900307123Y' })).toBe('身份证号格式不对!');
      expect(await refusal({ idcard: '1101051990030712' })).toBe('身份证号格式不对!');
      expect(await refusal({ phone: '12800138000' })).toBe('请输入正确的手机号码!');
      expect(await refusal({ email: 'a@b' })).toBe('请输入正确的邮箱!');
      expect(await refusal({ alternateNumber: '12a' })).toBe('请输入数字!');
      expect(await refusal({ certificateNo: 'AB-12' })).toBe('只能输入数字和字母!');
      expect(await refusal({ certificateNo: 'A'.repeat(51) })).toMatch(/50/);
      expect(await refusal({ nation: '汉'.repeat(11) })).toMatch(/10/);
      expect(await refusal({ nativePlace: '京'.repeat(21) })).toMatch(/20/);
      expect(await refusal({ homeAddress: '路'.repeat(51) })).toMatch(/50/);
      expect(await refusal({ virtualNumber: '1'.repeat(31) })).toMatch(/30/);
      expect(await refusal({ highestTitle: '职'.repeat(21) })).toMatch(/20/);
      expect(await refusal({ certificateName: '证'.repeat(21) })).toMatch(/20/);
      // every required field, with its message: typed 请输入, picked 请选择, uploaded 请上传
      const required: Record<string, string> = {
        sex: '请选择性别',
        idcard: '请输入身份证号',
        nation: '请输入民族',
        idcardExpirationDate: '请选择身份证有效期',
        nativePlace: '请输入籍贯',
        idcardImgFront: '请上传身份证正面',
        idcardImgBack: '请上传身份证反面',
        phone: '请输入手机号码',
        birthday: '请选择出生日期',
        avatar: '请上传证件照',
        departIds: '请选择所属部门',
        post: '请选择岗位',
        hiredate: '请选择入职日期',
        startDate: '请选择从事检测工作日期',
        highestEducation: '请输入最高学历',
        highestTitle: '请输入最高职称',
        titleProfession: '请输入最高检测证书等级',
        certificateName: '请输入证书名称',
        certificateNo: '请输入证书编号',
        certificateValidity: '请选择证书有效期',
      };
      for (const [field, message] of Object.entries(required)) {
        expect(await refusal({ [field]: null }), field).toBe(message);
        expect(await refusal({ [field]: '' }), field).toBe(message);
      }
      // the electronic signature is optional: spec 001 §5 lists no rule for it
      expect(await add({ signatureImg: null })).toMatchObject({ signatureImg: null });
      expect(await refusal({ departIds: 'no-such-depart' })).toBe('所选部门不存在');
      expect(await refusal({ post: 'P.nobody' })).toBe('所选岗位不存在');
      // a password is never changed through a staff edit (self-service change or a reset does that)
      const created = await add();
      const res = await admin.post('/admin/user/edit', { id: created.id, version: 1, password: 'Other1234x' });
      expect(res.body).toMatchObject({ success: false, error: 'CL_ERR_FIELD_READONLY' });
      // the same rules do not bind 用户管理: an account without the staff columns is fine there
      const plain = await admin.post('/api/permission/Users', { username: `plain${process.pid}x${++seq}`, realname: '名'.repeat(30), password: 'Start1234s' });
      expect(plain.body, JSON.stringify(plain.body)).toMatchObject({ code: 200 });
    });

    it('refuses an ID photo over 400×594 naming its size, and images that are not jpg or png (spec 001 §5)', async () => {
      const token = await t.login();
      const upload = async (name: string, content: Buffer) => {
        const res = await t.request({ method: 'POST', url: '/sys/common/upload', token, ...multipart('file', name, content, { biz: 'avatar' }) });
        expect(res.json(), res.body).toMatchObject({ success: true });
        return res.json().message as string;
      };
      const tooTall = await upload('big.png', pngOf(500, 700));
      expect(await refusal({ avatar: tooTall })).toBe('上传图片比例400×594,当前文件500×700');
      expect(await refusal({ avatar: await upload('wide.png', pngOf(401, 100)) })).toBe('上传图片比例400×594,当前文件401×100');
      // a JPEG is measured from its frame header, past the segments before it
      expect(await refusal({ avatar: await upload('wide.jpg', jpegOf(420, 500)) })).toBe('上传图片比例400×594,当前文件420×500');
      const fits = await add({ avatar: await upload('ok.png', pngOf(400, 594)) });
      expect(fits.avatar).toMatch(/^avatar\/.+\.png$/);
      expect((await add({ avatar: await upload('ok.jpg', jpegOf(358, 441)) })).avatar).toMatch(/\.jpg$/);
      // in English too
      const en = client(t, token, { lang: 'en' });
      expect((await en.post('/admin/user/add', valid({ avatar: tooTall }))).body.message).toBe('The ID photo must be at most 400×594; this file is 500×700');
      // an edit is measured too; a photo kept as it was (an older record's) is not measured again
      expect((await admin.post('/admin/user/edit', { id: fits.id, version: 1, avatar: tooTall })).body.message).toBe('上传图片比例400×594,当前文件500×700');
      await t.app.ctx.db.db.updateTable('sysUser').set({ avatar: tooTall }).where('id', '=', fits.id).execute();
      const kept = await admin.post('/admin/user/edit', { id: fits.id, version: 1, avatar: tooTall, realname: '赵六' });
      expect(kept.body, JSON.stringify(kept.body)).toMatchObject({ success: true, result: { realname: '赵六' } });
      // only jpg, jpeg and png for every image of the record
      for (const field of ['avatar', 'idcardImgFront', 'idcardImgBack', 'signatureImg', 'academicCertificateImg', 'diplomaImg']) {
        expect(await refusal({ [field]: 'image/photo.gif' }), field).toBe('请上传png或jpg格式的图片');
      }
      expect(await refusal({ fileUrl: 'document/promise.docx' })).toBe('请上传pdf/jpg/jpeg/png格式的文件');
    });

    it('refuses callers without the staff permissions and answers unknown ids without revealing anything', async () => {
      const created = await add();
      const reader = await userWith(t, ['staff:member:list']);
      expect((await reader.get('/admin/user/queryById', { id: created.id })).body).toMatchObject({ success: true });
      const denied = { success: false, error: 'CL_ERR_NO_PERMISSION' };
      expect((await reader.post('/admin/user/edit', { id: created.id, version: 1, realname: '王五' })).body).toMatchObject({
        success: false,
        error: 'CL_ERR_SELF_ONLY',
      });
      expect((await reader.post('/admin/user/add', valid())).body).toMatchObject(denied);
      const nobody = await userWith(t, []);
      // without the permission only one's own record can be read (personal information): this one is not
      expect((await nobody.get('/admin/user/queryById', { id: created.id })).body).toMatchObject({ success: false, error: 'CL_ERR_SELF_ONLY' });
      expect((await nobody.get('/admin/user/list', { pageNo: 1, pageSize: 10 })).body).toMatchObject(denied);
      expect((await admin.get('/admin/user/queryById', { id: 'no-such-id' })).body.success).toBe(false);
      // delete is not served on the staff surface (accounts are removed in 用户管理)
      expect((await admin.del('/admin/user/delete', { id: created.id })).body).toMatchObject({ success: false, error: 'CL_ERR_NOT_FOUND' });
    });

    it('lists staff members with the list endpoint, searchable by name', async () => {
      await add({ realname: '赵检测' });
      const page = await admin.get('/admin/user/list', { pageNo: 1, pageSize: 10, realname: '*赵检*' });
      expect(page.body.success).toBe(true);
      expect(page.body.result.records.map((r: { realname: string }) => r.realname)).toContain('赵检测');
    });
  });
});

describe.each(matrix)('$kind: personal information through the staff endpoints (api.self)', ({ kind, available }) => {
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

    /** A signed-in account with no staff permission at all, and its own id. */
    async function member() {
      const username = `self${process.pid}x${++seq}`;
      const id = await insertUser(t.app.ctx.db.db, { username, password: 'Start1234s', roleIds: [], tenantIds: [1] });
      return { id, me: client(t, await t.login(username, 'Start1234s')) };
    }

    it('lets a user without the staff permissions read and edit their own record, only its personal fields', async () => {
      const { id, me } = await member();
      const read = await me.get('/admin/user/queryById', { id });
      expect(read.body, JSON.stringify(read.body)).toMatchObject({ success: true, result: { id } });
      expect(read.body.result).not.toHaveProperty('password');
      const edited = await me.post('/admin/user/edit', { id, version: read.body.result.version, phone: '13900139000', email: 'me@lab.cn' });
      expect(edited.body, JSON.stringify(edited.body)).toMatchObject({ success: true, result: { phone: '13900139000', email: 'me@lab.cn' } });
      // the staff rules still hold, and qualification fields stay the administrators'
      expect((await me.post('/admin/user/edit', { id, version: 2, phone: '123' })).body).toMatchObject({ success: false, message: '请输入正确的手机号码!' });
      for (const field of ['realname', 'departIds', 'post', 'certificateNo', 'status', 'username']) {
        const res = await me.post('/admin/user/edit', { id, version: 2, [field]: 'x' });
        expect(res.body, field).toMatchObject({ success: false, error: 'CL_ERR_FIELD_READONLY' });
      }
      // no list, no add
      expect((await me.get('/admin/user/list', { pageNo: 1, pageSize: 10 })).body).toMatchObject({ success: false, error: 'CL_ERR_NO_PERMISSION' });
      expect((await me.post('/admin/user/add', { realname: 'x' })).body).toMatchObject({ success: false, error: 'CL_ERR_NO_PERMISSION' });
    });

    it('refuses another user’s record through the same endpoints, and logs the attempt', async () => {
      const { me } = await member();
      const other = await member();
      const read = await me.get('/admin/user/queryById', { id: other.id });
      expect(read.body).toMatchObject({ success: false, error: 'CL_ERR_SELF_ONLY' });
      const edit = await me.post('/admin/user/edit', { id: other.id, version: 1, phone: '13900139000' });
      expect(edit.body).toMatchObject({ success: false, error: 'CL_ERR_SELF_ONLY' });
      expect((await admin.get('/admin/user/queryById', { id: other.id })).body.result.phone).toBeNull();
      const logged = await t.app.ctx.db.db.selectFrom('sysSecurityLog').select('event').where('event', '=', 'self.mismatch').execute();
      expect(logged.length).toBeGreaterThanOrEqual(2);
      // an administrator holding the permissions edits anyone's record as before
      expect((await admin.post('/admin/user/edit', { id: other.id, version: 1, realname: '改名' })).body).toMatchObject({ success: true });
    });

    it('lets them read the sub-record tabs of their own record only (personal information shows tabs 2–8)', async () => {
      const { id, me } = await member();
      const other = await member();
      const row = { school: '同济大学', major: '土木', startDate: '2008-09-01', endDate: '2012-07-01' };
      const mine = (await admin.post('/system/sysUserEducation/add', { ...row, userId: id })).body.result.id as string;
      const theirs = (await admin.post('/system/sysUserEducation/add', { ...row, userId: other.id, school: '清华大学' })).body.result.id as string;
      await admin.post('/system/sysUserTrain/add', { userId: id, name: '安全培训', time: '2024-03-01' });
      await admin.post('/admin/certificatePersonal/add', { userId: id, name: '安全员证', organization: '住建厅', issuanceDate: '2024-01-01', img: 'c/a.png' });

      const list = await me.get('/system/sysUserEducation/list', { userId: id, pageNo: 1, pageSize: 10 });
      expect(list.body, JSON.stringify(list.body)).toMatchObject({ success: true, result: { total: 1 } });
      expect(list.body.result.records[0]).toMatchObject({ id: mine, school: '同济大学' });
      expect((await me.get('/admin/train/getRecordByUserId', { userId: id })).body.result.records).toHaveLength(1);
      expect((await me.get('/admin/certificatePersonal/select', { userId: id })).body.result).toHaveLength(1);
      expect((await me.get('/system/sysUserEducation/queryById', { id: mine })).body).toMatchObject({ success: true, result: { id: mine } });

      // another's rows, no owner named, a pattern instead of an id, another's record: refused alike, and logged
      const queries: Record<string, string>[] = [{ userId: other.id }, {}, { userId: `${id.slice(0, 8)}*` }, { userId: `${id},${other.id}` }];
      for (const query of queries) {
        expect((await me.get('/system/sysUserEducation/list', query)).body, JSON.stringify(query)).toMatchObject({ success: false, error: 'CL_ERR_SELF_ONLY' });
      }
      for (const recordId of [theirs, '0'.repeat(32)]) {
        expect((await me.get('/system/sysUserEducation/queryById', { id: recordId })).body).toMatchObject({ success: false, error: 'CL_ERR_SELF_ONLY' });
      }
      const logged = await t.app.ctx.db.db
        .selectFrom('sysSecurityLog')
        .select('detail')
        .where('event', '=', 'self.mismatch')
        .where('userId', '=', id)
        .execute();
      expect(logged.length).toBeGreaterThanOrEqual(6);
      // writes keep their permissions, even on their own rows
      expect((await me.post('/system/sysUserEducation/add', { ...row, userId: id })).body).toMatchObject({ success: false, error: 'CL_ERR_NO_PERMISSION' });
      expect((await me.del('/system/sysUserEducation/delete', { id: mine })).body).toMatchObject({ success: false, error: 'CL_ERR_NO_PERMISSION' });
    });
  });
});
