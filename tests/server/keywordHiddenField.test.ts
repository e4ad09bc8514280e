import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { grant, insertRole, insertUser } from '../helpers/testRows.js';
import { client, type Client } from './engineSupport.js';
import { readWorkbook } from './xlsxSupport.js';

// A keyword search must not match inside a field the caller's roles hide (system.roleField): the row
// itself would not show the value, but whether it is listed for "S", "SE", "SEC"… spells it out. The
// position's code (enCode) is a keyword field; one role hides it, another leaves it open.

const matrix = await databaseMatrix();
const BASE = '/api/permission/Position';
const CODES = ['list', 'export'].map((a) => `btn:system:position:${a}`);

describe.each(matrix)('$kind: keyword search and hidden fields', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let hiding: Client;
    let open: Client;
    let hidingToken = '';
    const secret = `ZQ${process.pid}SECRETCODE`;
    const shownName = `公开岗位${process.pid}`;

    beforeAll(async () => {
      t = await createTestApp(kind);
      const admin = client(t, await t.login());
      const db = t.app.ctx.db.db;
      const hidingRole = await insertRole(db, `kh${process.pid}hiding`);
      const openRole = await insertRole(db, `kh${process.pid}open`);
      await grant(db, hidingRole, CODES);
      await grant(db, openRole, CODES);
      const restricted = await admin.post('/sys/roleField/add', { roleId: hidingRole, modelId: 'system.position', field: 'enCode', access: 'hidden' });
      expect(restricted.body.success, JSON.stringify(restricted.body)).toBe(true);
      expect((await admin.post(BASE, { fullName: shownName, enCode: secret })).body.code).toBe(200);
      await insertUser(db, { username: `kh${process.pid}h`, password: 'Passw0rd1', roleIds: [hidingRole] });
      await insertUser(db, { username: `kh${process.pid}o`, password: 'Passw0rd1', roleIds: [openRole] });
      hidingToken = await t.login(`kh${process.pid}h`, 'Passw0rd1');
      hiding = client(t, hidingToken);
      open = client(t, await t.login(`kh${process.pid}o`, 'Passw0rd1'));
    });
    afterAll(async () => {
      await t?.close();
    });

    const found = async (c: Client, keyword: string) => {
      const reply = await c.get(BASE, { keyword, pageSize: 20 });
      expect(reply.body.code, JSON.stringify(reply.body)).toBe(200);
      return { names: (reply.body.data.list as { fullName: string }[]).map((r) => r.fullName), total: reply.body.data.pagination.total as number };
    };

    it('never matches a keyword inside the hidden field, short or long, page or total', async () => {
      // the open role first: its cached total for the same keyword must not be served to the hiding one
      for (const keyword of [secret, secret.slice(0, 2), `${process.pid}SEC`, 'SECRETCODE']) {
        expect((await found(open, keyword)).names).toContain(shownName);
        const hidden = await found(hiding, keyword);
        expect(hidden.names).not.toContain(shownName);
        if (keyword !== secret.slice(0, 2)) expect(hidden.total).toBe(0);
      }
    });

    it('still matches the visible keyword fields, and the export follows the list', async () => {
      expect((await found(hiding, shownName)).names).toEqual([shownName]);
      const exported = await t.request({ method: 'GET', url: `${BASE}/Actions/Export`, token: hidingToken, query: { keyword: 'SECRETCODE' } });
      expect(exported.statusCode).toBe(200);
      const cells = [...(await readWorkbook(exported.rawPayload)).sheets.values()].flat(2).map(String);
      expect(cells).not.toContain(shownName);
    });
  });
});
