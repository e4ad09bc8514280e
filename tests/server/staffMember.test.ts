import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { insertDepart } from '../helpers/testRows.js';
import { client, userWith, type Client } from './engineSupport.js';

// The staff record (spec 001 §3/§5): a view of system.user served at /admin/user/* with the staff
// form's rules, which 用户管理 (/api/permission/Users) does not have.
const matrix = await databaseMatrix();
let seq = 0;

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
        message: '编辑成功！',
        result: { realname: '李四', departIds: `${departId},${otherDepartId}` },
      });
      // the link tables the rest of the system reads follow departIds and post
      const db = t.app.ctx.db.db;
      const departs = await db.selectFrom('sysUserDepart').select('depId').where('userId', '=', created.id).execute();
      expect(departs.map((d) => d.depId).sort()).toEqual([departId, otherDepartId].sort());
      const positions = await db.selectFrom('sysUserPosition').select('positionId').where('userId', '=', created.id).execute();
      expect(positions).toHaveLength(2);
      // the account exists for 用户管理 too, without the staff rules
      const user = await admin.get(`/api/permission/Users/${created.id}`);
      expect(user.body).toMatchObject({ code: 200, data: { username: created.username, realname: '李四' } });
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
      for (const field of [
        'sex',
        'idcard',
        'nation',
        'idcardExpirationDate',
        'nativePlace',
        'idcardImgFront',
        'idcardImgBack',
        'phone',
        'birthday',
        'avatar',
        'signatureImg',
        'departIds',
        'post',
        'hiredate',
        'startDate',
        'highestEducation',
        'highestTitle',
        'titleProfession',
        'certificateName',
        'certificateNo',
        'certificateValidity',
      ]) {
        const res = await admin.post('/admin/user/add', valid({ [field]: null }));
        expect(res.body.success, `${field}: ${JSON.stringify(res.body)}`).toBe(false);
      }
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

    it('refuses callers without the staff permissions and answers unknown ids without revealing anything', async () => {
      const created = await add();
      const reader = await userWith(t, ['staff:member:list']);
      expect((await reader.get('/admin/user/queryById', { id: created.id })).body).toMatchObject({ success: true });
      const denied = { success: false, error: 'CL_ERR_NO_PERMISSION' };
      expect((await reader.post('/admin/user/edit', { id: created.id, version: 1, realname: '王五' })).body).toMatchObject(denied);
      expect((await reader.post('/admin/user/add', valid())).body).toMatchObject(denied);
      const nobody = await userWith(t, []);
      expect((await nobody.get('/admin/user/queryById', { id: created.id })).body).toMatchObject(denied);
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
