import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { client, userWith, type Client } from './engineSupport.js';

// The staff record's sub-record tabs (spec 001 §7): each a model linked by userId, at the spec's endpoints.
const matrix = await databaseMatrix();

interface Tab {
  model: string;
  list: string;
  add: string;
  edit: { method: 'POST' | 'PUT'; url: string };
  del: { method: 'GET' | 'DELETE'; url: string };
  get?: string;
  row: Record<string, unknown>;
  /** what the form posts for row, when its names differ (the training form, spec 001 §3) */
  body?: Record<string, unknown>;
  change: Record<string, unknown>;
}

const system = (name: string, row: Record<string, unknown>, change: Record<string, unknown>): Tab => ({
  model: name,
  list: `/system/${name}/list`,
  add: `/system/${name}/add`,
  edit: { method: 'PUT', url: `/system/${name}/edit` },
  del: { method: 'DELETE', url: `/system/${name}/delete` },
  get: `/system/${name}/queryById`,
  row,
  change,
});

let users = 0;
/** A fresh account to hang sub-records on, so no case sees another's rows (cases run shuffled). */
async function newUser(admin: Client): Promise<string> {
  const res = await admin.post('/api/permission/Users', { username: `sub${process.pid}x${++users}`, realname: '员工', password: 'Start1234s' });
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
  return res.body.data.id;
}

const TABS: Tab[] = [
  system(
    'sysUserEducation',
    { school: '同济大学', educationBackground: '3', educationDegree: '3', educationForm: '1', major: '土木', startDate: '2008-09-01', endDate: '2012-07-01' },
    { major: '道路' },
  ),
  system(
    'sysUserJobResume',
    { startDate: '2012-07-01', endDate: '2018-01-01', workUnit: '检测中心', post: '检测员', documentaryEvidence: 'a.pdf,b.pdf' },
    { post: '主管' },
  ),
  system(
    'sysUserTechnicalTitles',
    { technicalTitle: '3', majorName: '材料', evaluationTime: '2016-01-01', evaluationAgencies: '人社局' },
    { majorName: '结构' },
  ),
  system('sysUserThesis', { thesisName: '沥青老化', journalName: '公路', ranking: '1', professionalField: '材料', appendix: 'x.pdf' }, { ranking: '2' }),
  system('sysUserPatent', { name: '试模', number: 'ZL2020', professionalField: '仪器', patentee: '检测中心' }, { patentee: '本人' }),
  {
    model: 'sysUserTrain',
    list: '/admin/train/getRecordByUserId',
    add: '/system/sysUserTrain/add',
    edit: { method: 'PUT', url: '/system/sysUserTrain/edit' },
    del: { method: 'DELETE', url: '/system/sysUserTrain/delete' },
    // the training tab's edit and detail read one record (spec 001 §7 names no read for it; jeecg's queryById)
    get: '/system/sysUserTrain/queryById',
    row: { trainName: '安全培训', trainTime: '2024-03-01', major: '安全', certificate: 'C001' },
    // the form's names: name, time, major, certificateNumber (spec 001 §3 Training record)
    body: { name: '安全培训', time: '2024-03-01', major: '安全', certificateNumber: 'C001' },
    change: { major: '质量' },
  },
];

describe.each(matrix)('$kind: the staff record’s sub-record tabs', ({ kind, available }) => {
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

    const send = (c: Client, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body: Record<string, unknown>) =>
      method === 'GET'
        ? c.get(url, body as Record<string, string>)
        : method === 'DELETE'
          ? c.del(url, body as Record<string, string>)
          : method === 'POST'
            ? c.post(url, body)
            : c.put(url, body);

    it.each(TABS)('$model: add, list by userId (page 10), edit, read, delete', async (tab) => {
      const userId = await newUser(admin);
      const otherUserId = await newUser(admin);
      const added = await admin.post(tab.add, { ...(tab.body ?? tab.row), userId });
      expect(added.body, JSON.stringify(added.body)).toMatchObject({ success: true, message: '添加成功', result: { ...tab.row, userId } });
      const id = added.body.result.id as string;
      await admin.post(tab.add, { ...(tab.body ?? tab.row), userId: otherUserId });
      const page = await admin.get(tab.list, { pageNo: 1, pageSize: 10, userId });
      expect(page.body.success).toBe(true);
      expect(page.body.result.records.map((r: { id: string }) => r.id)).toEqual([id]);
      expect(page.body.result).toMatchObject({ total: 1, size: 10, current: 1 });
      const edited = await send(admin, tab.edit.method, tab.edit.url, { id, version: 1, ...tab.change });
      expect(edited.body, JSON.stringify(edited.body)).toMatchObject({ success: true, message: '编辑成功', result: tab.change });
      if (tab.get) expect((await admin.get(tab.get, { id })).body).toMatchObject({ success: true, result: { id, ...tab.change } });
      const removed = await send(admin, tab.del.method, tab.del.url, { id });
      expect(removed.body).toMatchObject({ success: true, message: '删除成功' });
      expect((await admin.get(tab.list, { pageNo: 1, pageSize: 10, userId })).body.result.total).toBe(0);
    });

    it('training: add and edit take the form’s names (name, time, certificateNumber), not the table’s', async () => {
      const userId = await newUser(admin);
      const added = await admin.post('/system/sysUserTrain/add', { userId, name: '消防培训', time: '2024-05-01', certificateNumber: 'X9' });
      expect(added.body, JSON.stringify(added.body)).toMatchObject({
        success: true,
        result: { trainName: '消防培训', trainTime: '2024-05-01', certificate: 'X9' },
      });
      const id = added.body.result.id as string;
      expect((await admin.put('/system/sysUserTrain/edit', { id, version: 1, name: '消防复训' })).body).toMatchObject({
        success: true,
        result: { trainName: '消防复训' },
      });
      const old = await admin.post('/system/sysUserTrain/add', { userId, trainName: '旧名' });
      expect(old.body).toMatchObject({ success: false, error: 'CL_ERR_FIELD_UNKNOWN', message: '未知字段：trainName' });
      const listed = await admin.get('/admin/train/getRecordByUserId', { userId, pageNo: 1, pageSize: 10 });
      expect(listed.body.result.records.map((r: { trainName: string }) => r.trainName)).toEqual(['消防复训']);
    });

    it('shows dictionary-coded education values through _dictText', async () => {
      const userId = await newUser(admin);
      const added = await admin.post('/system/sysUserEducation/add', { ...TABS[0]!.row, userId });
      expect(added.body.result).toMatchObject({ educationBackground_dictText: '大学本科', educationDegree_dictText: '学士', educationForm_dictText: '全日制' });
    });

    it('keeps each tenant’s sub-records to itself and refuses callers without the permission', async () => {
      const userId = await newUser(admin);
      const added = await admin.post('/system/sysUserThesis/add', { thesisName: '本租户', userId });
      const id = added.body.result.id as string;
      const foreign = await userWith(t, ['staff:thesis:list', 'staff:thesis:edit', 'staff:thesis:delete'], { tenantId: 2 });
      expect((await foreign.get('/system/sysUserThesis/list', { pageNo: 1, pageSize: 10, userId })).body.result.total).toBe(0);
      expect((await foreign.get('/system/sysUserThesis/queryById', { id })).body.success).toBe(false);
      expect((await foreign.put('/system/sysUserThesis/edit', { id, version: 1, thesisName: '改' })).body.success).toBe(false);
      expect((await foreign.del('/system/sysUserThesis/delete', { id })).body.success).toBe(false);
      expect((await admin.get('/system/sysUserThesis/queryById', { id })).body.result.thesisName).toBe('本租户');
      const reader = await userWith(t, ['staff:thesis:list']);
      expect((await reader.post('/system/sysUserThesis/add', { thesisName: 'x', userId })).body).toMatchObject({
        success: false,
        error: 'CL_ERR_NO_PERMISSION',
      });
      expect((await reader.del('/system/sysUserThesis/delete', { id })).body).toMatchObject({ success: false, error: 'CL_ERR_NO_PERMISSION' });
    });
  });
});

describe.each(matrix)('$kind: certificates of the staff record', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;
    let userId: string;
    let typeId: string;
    let professions: string[];
    let otherProfession: string;
    beforeAll(async () => {
      t = await createTestApp(kind);
      admin = client(t, await t.login());
      typeId = (await admin.post('/admin/certificateAbilityType/add', { name: '公路水运试验检测' })).body.result.id;
      const other = (await admin.post('/admin/certificateAbilityType/add', { name: '计量' })).body.result.id;
      professions = [];
      for (const name of ['道路工程', '桥梁隧道工程']) professions.push((await admin.post('/admin/profession/add', { name, typeId })).body.result.id);
      otherProfession = (await admin.post('/admin/profession/add', { name: '长度', typeId: other })).body.result.id;
    });
    afterAll(async () => {
      await t?.close();
    });

    beforeEach(async () => {
      userId = await newUser(admin);
    });

    const personal = (overrides: Record<string, unknown> = {}) => ({
      userId,
      name: '安全员证',
      organization: '住建厅',
      issuanceDate: '2024-01-01',
      expirationDate: '2027-01-01',
      img: 'cert/a.png',
      remark: '无',
      ...overrides,
    });
    const refusal = async (url: string, body: Record<string, unknown>) => {
      const res = await admin.post(url, body);
      expect(res.body.success, JSON.stringify(res.body)).toBe(false);
      return String(res.body.message);
    };

    it('other certificates: select by userId, add (type 1), POST edit, GET delete', async () => {
      const added = await admin.post('/admin/certificatePersonal/add', personal());
      expect(added.body, JSON.stringify(added.body)).toMatchObject({ success: true, result: { type: '1', type_dictText: '其他证书', name: '安全员证' } });
      const id = added.body.result.id as string;
      // spec 001 §7: select (userId) -> list, the rows themselves, not a page
      const list = await admin.get('/admin/certificatePersonal/select', { userId });
      expect(list.body.result.map((r: { id: string }) => r.id)).toEqual([id]);
      const edited = await admin.post('/admin/certificatePersonal/edit', { id, version: 1, remark: '复审' });
      expect(edited.body).toMatchObject({ success: true, result: { remark: '复审' } });
      // edit and detail read one record
      expect((await admin.get('/admin/certificatePersonal/queryById', { id })).body).toMatchObject({ success: true, result: { id, remark: '复审' } });
      expect((await admin.get('/admin/certificatePersonal/delete', { id })).body).toMatchObject({ success: true, message: '删除成功' });
      expect((await admin.post('/admin/certificatePersonal/add', personal({ type: '2' }))).body.success).toBe(false);
    });

    it('other certificates: every row of the member in one answer, no paging (spec 001 §2, list.page false)', async () => {
      for (let i = 1; i <= 12; i++) expect((await admin.post('/admin/certificatePersonal/add', personal({ name: `证书${i}` }))).body.success).toBe(true);
      const all = await admin.get('/admin/certificatePersonal/select', { userId });
      expect(all.body.result).toHaveLength(12);
      // added within the same second: the order among them is not the point, every one is there
      expect(all.body.result.map((r: { name: string }) => r.name).sort()).toEqual(Array.from({ length: 12 }, (_, i) => `证书${i + 1}`).sort());
    });

    it('refuses each certificate rule with its message (spec 001 §5)', async () => {
      const url = '/admin/certificatePersonal/add';
      expect(await refusal(url, personal({ name: '' }))).toBe('请输入证书名称');
      expect(await refusal(url, personal({ name: '证'.repeat(21) }))).toBe('请不要超过20个字');
      expect(await refusal(url, personal({ organization: '' }))).toBe('请输入发证机构');
      expect(await refusal(url, personal({ organization: '机'.repeat(21) }))).toBe('请不要超过20个字');
      expect(await refusal(url, personal({ issuanceDate: null }))).toBe('请选择获证日期');
      expect(await refusal(url, personal({ img: '' }))).toBe('请上传证书照片');
      expect(await refusal(url, personal({ remark: '备'.repeat(51) }))).toBe('请不要超过50个字');
      expect(await refusal(url, personal({ issuanceDate: '2027-01-02' }))).toBe('获证日期不能晚于有效期');
      // the same day is not later; an edit is checked against the stored other date
      const same = await admin.post(url, personal({ issuanceDate: '2027-01-01' }));
      expect(same.body.success).toBe(true);
      const edit = await refusal('/admin/certificatePersonal/edit', { id: same.body.result.id, version: 1, expirationDate: '2026-12-31' });
      expect(edit).toBe('获证日期不能晚于有效期');
    });

    it('testing certificates: types and professions selects, professions per type, add with joined professions, edit, delete', async () => {
      const types = await admin.get('/admin/certificateAbilityType/select');
      expect(types.body.result.map((r: { name: string }) => r.name).sort()).toEqual(['公路水运试验检测', '计量'].sort());
      const all = await admin.get('/admin/profession/select');
      expect(all.body.result).toHaveLength(3);
      const ofType = await admin.get('/admin/profession/certificateAbilityType', { typeId, pageNo: 1, pageSize: 10 });
      expect(ofType.body.result.records.map((r: { name: string }) => r.name).sort()).toEqual(['桥梁隧道工程', '道路工程']);
      const body = { ...personal({ name: undefined }), typeId, no: 'JC001', professions: professions.join(','), level: 2 };
      delete (body as Record<string, unknown>).name;
      const added = await admin.post('/admin/certificateAbility/add', body);
      expect(added.body, JSON.stringify(added.body)).toMatchObject({
        success: true,
        result: { type: '2', typeId, professions: professions.join(','), level: 2, level_dictText: '检师' },
      });
      const id = added.body.result.id as string;
      const listed = await admin.get('/admin/certificateAbility/select', { userId });
      expect(listed.body.result.map((r: { id: string }) => r.id)).toEqual([id]);
      expect((await admin.post('/admin/certificateAbility/edit', { id, version: 1, level: 1 })).body.result.level_dictText).toBe('检员');
      expect((await admin.get('/admin/certificateAbility/queryById', { id })).body).toMatchObject({ success: true, result: { id, level: 1 } });
      // professions belong to the certificate's type: on add, and on an edit of either side
      const foreign = [professions[0], otherProfession].join(',');
      expect(await refusal('/admin/certificateAbility/add', { ...body, professions: foreign })).toBe('所选专业不属于该证书类型');
      expect(await refusal('/admin/certificateAbility/edit', { id, version: 2, professions: otherProfession })).toBe('所选专业不属于该证书类型');
      const otherType = (await admin.get('/admin/certificateAbilityType/select')).body.result.find((r: { name: string }) => r.name === '计量').id;
      expect(await refusal('/admin/certificateAbility/edit', { id, version: 2, typeId: otherType })).toBe('所选专业不属于该证书类型');
      expect(await refusal('/admin/certificateAbility/add', { ...body, typeId: '' })).toBe('请选择证书类型');
      expect(await refusal('/admin/certificateAbility/add', { ...body, professions: '' })).toBe('请选择专业');
      expect(await refusal('/admin/certificateAbility/add', { ...body, issuanceDate: '2030-01-01' })).toBe('获证日期不能晚于有效期');
      expect((await admin.get('/admin/certificateAbility/delete', { id })).body.success).toBe(true);
    });
  });
});
