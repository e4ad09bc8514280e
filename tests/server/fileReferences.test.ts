import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/db/ids.js';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { insertUser } from '../helpers/testRows.js';
import { client, roleTokenWith, tokenWith, type Client } from './engineSupport.js';
import { multipart, readWorkbook, workbookOf } from './xlsxSupport.js';

const matrix = await databaseMatrix();
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
const USERS = '/api/permission/Users';
const BIN = ['system:recycleBin:list'];
const LOG = ['system:dataLog:list'];

/**
 * A file's rule (docs/api.md "Files") holds for writes and for every field kind that names files: a write may
 * put into a file, image, rich-text, JSON or list field only a file its writer may read; such a field of a
 * record the caller may read, and a recycle-bin or change-log entry they may read, lets them read it.
 */
describe.each(matrix)('$kind: files named by records', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;
    let adminToken: string;
    let seq = 0;
    beforeAll(async () => {
      t = await createTestApp(kind);
      adminToken = await t.login();
      admin = client(t, adminToken);
    });
    afterAll(async () => {
      await t?.close();
    });

    const name = (prefix: string) => `${prefix}${process.pid}x${++seq}`;
    /** a distinct PNG (the store keeps one blob per content) uploaded by `as`: its stored path */
    async function upload(as: string, bucket = 'document'): Promise<string> {
      const content = Buffer.concat([PNG, Buffer.from(name('f'))]);
      const res = await t.request({ method: 'POST', url: '/sys/common/upload', token: as, ...multipart('file', 'a.png', content, { biz: bucket }) });
      expect(res.json(), res.body).toMatchObject({ success: true });
      return res.json().message as string;
    }
    const status = async (as: string, stored: string) => (await t.request({ method: 'GET', url: `/sys/common/static/${stored}`, token: as })).statusCode;
    /** a user with no role, signed in, with their own id */
    async function member(): Promise<{ id: string; token: string; api: Client }> {
      const username = name('fr');
      const id = await insertUser(t.app.ctx.db.db, { username, password: 'Passw0rd1', roleIds: [], tenantIds: [1] });
      const token = await t.login(username, 'Passw0rd1');
      return { id, token, api: client(t, token) };
    }
    const roleUser = (codes: string[]) => roleTokenWith(t, codes);
    const REFUSED = /^诚信承诺书中的文件不可用，请重新上传$/;

    it("refuses a write naming another user's file, or an unknown one, alike; keeps an upload of the writer's own and a file the record already names", async () => {
      const owner = await member();
      const theirs = await upload(owner.token);
      const me = await member();
      const version = async () => (await me.api.get('/admin/user/queryById', { id: me.id })).body.result.version as number;
      // personal information: the caller's own staff record, which any user may edit (api.self)
      const pasted = await me.api.post('/admin/user/edit', { id: me.id, version: await version(), fileUrl: theirs });
      expect(pasted.body).toMatchObject({ success: false });
      expect(pasted.body.message).toMatch(REFUSED);
      const unknown = await me.api.post('/admin/user/edit', { id: me.id, version: await version(), fileUrl: `document/${newId()}.png` });
      expect({ ...unknown.body, requestId: 0, timestamp: 0 }).toEqual({ ...pasted.body, requestId: 0, timestamp: 0 });
      // in a URL or with the other languages' words, the same
      const inUrl = await me.api.post('/admin/user/edit', { id: me.id, version: await version(), fileUrl: `/sys/common/static/${theirs}` });
      expect(inUrl.body.message).toMatch(REFUSED);
      const en = client(t, me.token, { lang: 'en' });
      expect((await en.post('/admin/user/edit', { id: me.id, version: await version(), fileUrl: theirs })).body.message).toBe(
        'A file in Integrity commitment is not available; please upload it again',
      );
      const tw = client(t, me.token, { lang: 'zh-TW' });
      expect((await tw.post('/admin/user/edit', { id: me.id, version: await version(), fileUrl: theirs })).body.message).toBe(
        '誠信承諾書中的檔案不可用，請重新上傳',
      );
      expect(await status(me.token, theirs)).toBe(404);

      // the writer's own upload is theirs to use, and a file the record already names is kept on later edits
      const mine = await upload(me.token);
      const saved = await me.api.post('/admin/user/edit', { id: me.id, version: await version(), fileUrl: mine });
      expect(saved.body, JSON.stringify(saved.body)).toMatchObject({ success: true });
      const other = await member();
      await t.app.ctx.db.db.updateTable('sysUser').set({ fileUrl: theirs }).where('id', '=', other.id).execute();
      // a file named by a record the writer may read (here: an administrator reading every staff record)
      const copied = await admin.post('/admin/user/edit', {
        id: me.id,
        version: await version(),
        fileUrl: theirs,
      });
      expect(copied.body, JSON.stringify(copied.body)).toMatchObject({ success: true });
      const kept = await me.api.post('/admin/user/edit', { id: me.id, version: await version(), fileUrl: theirs, phone: '13900139000' });
      expect(kept.body, JSON.stringify(kept.body)).toMatchObject({ success: true });

      // a sub-record tab's row, and an import, are writes like any other
      const tabWriter = await tokenWith(t, ['staff:education:add', 'staff:education:list', 'staff:member:list']);
      const row = { userId: me.id, school: name('学校'), educationBackgroundFileName: await upload(owner.token, 'image') };
      const tab = await client(t, tabWriter).post('/system/sysUserEducation/add', row);
      expect(tab.body).toMatchObject({ success: false });
      expect(tab.body.message).toMatch(/学历证书中的文件不可用，请重新上传$/);
      const ownTab = await client(t, tabWriter).post('/system/sysUserEducation/add', { ...row, educationBackgroundFileName: await upload(tabWriter, 'image') });
      expect(ownTab.body, JSON.stringify(ownTab.body)).toMatchObject({ success: true });
    });

    it("lets a reader of a JSON value naming a file read it (a print template's stamp), and nobody else", async () => {
      const stamp = await upload(adminToken, 'image');
      const template = {
        page: { size: 'A4', orientation: 'portrait', margin: 40 },
        blocks: [{ kind: 'image', file: stamp, width: 80 }],
      };
      const created = await admin.post('/api/system/printDev', { fullName: '盖章', enCode: name('stamp.'), type: 'staff', formId: 'staff.member', template });
      expect(created.body, JSON.stringify(created.body)).toMatchObject({ code: 200 });
      expect(await status((await roleUser(['system:printDev:list'])).token, stamp)).toBe(200);
      expect(await status((await roleUser(['system:billRule:list'])).token, stamp)).toBe(404);
      // a template writer may not put another user's file into one
      const writer = await roleUser(['system:printDev:list', 'system:printDev:add']);
      const foreign = { ...template, blocks: [{ kind: 'image', file: await upload((await member()).token, 'image'), width: 80 }] };
      const refused = await client(t, writer.token).post('/api/system/printDev', {
        fullName: '盖章',
        enCode: name('stamp.'),
        type: 'staff',
        formId: 'staff.member',
        template: foreign,
      });
      expect(refused.body).toMatchObject({ code: 401, msg: expect.stringMatching(/模板内容中的文件不可用/) });
      // nor through an import
      const importer = await roleUser(['system:printDev:list', 'system:printDev:import']);
      const importing = async (file: string) => {
        const book = await workbookOf([
          ['模板名称', '模板编码', '模板分类', '绑定模型', '模板内容'],
          ['盖章', name('stamp.'), 'staff', 'staff.member', JSON.stringify({ ...template, blocks: [{ kind: 'image', file, width: 80 }] })],
        ]);
        const res = await t.request({
          method: 'POST',
          url: '/api/system/printDev/Actions/Import',
          token: importer.token,
          ...multipart('file', 'p.xlsx', book),
        });
        return res.json();
      };
      const report = await importing(foreign.blocks[0]!.file);
      expect(report).toMatchObject({ code: 201, data: { errorCount: 1, successCount: 0 } });
      const sheet = await t.request({ method: 'GET', url: report.data.fileUrl, token: importer.token });
      expect(JSON.stringify([...(await readWorkbook(sheet.rawPayload)).sheets.values()])).toContain('模板内容中的文件不可用，请重新上传');
      expect(await importing(await upload(importer.token, 'image'))).toMatchObject({ code: 200, data: { successCount: 1 } });
    });

    it("lets the readers of a deleted record's recycle-bin entry or change log read its files, and nobody else", async () => {
      const user = await member();
      const pledge = await upload(adminToken);
      const edited = await admin.put(`${USERS}/${user.id}`, { fileUrl: pledge, version: 1 });
      expect(edited.body, JSON.stringify(edited.body)).toMatchObject({ code: 200 });
      const lister = await roleUser(['system:user:list']);
      expect(await status(lister.token, pledge)).toBe(200);
      expect((await admin.del(`${USERS}/${user.id}`)).body.code).toBe(200);
      // the record is gone: its list alone no longer reaches the file
      expect(await status(lister.token, pledge)).toBe(404);
      expect(await status((await roleUser([...BIN, 'system:user:list'])).token, pledge)).toBe(200);
      expect(await status((await roleUser([...LOG, 'system:user:list'])).token, pledge)).toBe(200);
      // the bin's and the log's readers need the record's model, as for the entry itself
      expect(await status((await roleUser([...BIN, ...LOG])).token, pledge)).toBe(404);
      // and its field: a role hiding it sees neither the value nor the file
      const hiding = await roleUser([...BIN, ...LOG, 'system:user:list']);
      const hidden = await admin.post('/sys/roleField/add', { roleId: hiding.roleId, modelId: 'system.user', field: 'fileUrl', access: 'hidden' });
      expect(hidden.body).toMatchObject({ success: true });
      expect(await status(hiding.token, pledge)).toBe(404);
    });
    it("previews a user import only from the importer's own workbook: another user's upload answers like an unknown name", async () => {
      const book = await workbookOf([
        ['账号', '姓名', '密码'],
        [name('imp'), '导入', 'First0pwX'],
      ]);
      const stored = async (as: string) =>
        (await t.request({ method: 'POST', url: '/sys/common/upload', token: as, ...multipart('file', '用户.xlsx', book) })).json().message as string;
      const importer = (await roleUser(['system:user:import'])).token;
      const preview = async (fileName: string) =>
        (await t.request({ method: 'GET', url: '/api/permission/Users/ImportPreview', token: importer, query: { fileName } })).json();
      expect(await preview(await stored(importer))).toMatchObject({ code: 200, data: { totalCount: 1 } });
      const theirs = await preview(await stored((await member()).token));
      const unknown = await preview(`temp/${newId()}.xlsx`);
      expect(theirs).toMatchObject({ code: 400, msg: '未找到对应数据' });
      expect({ ...theirs, timestamp: 0, requestId: 0 }).toEqual({ ...unknown, timestamp: 0, requestId: 0 });
    });
  });
});
