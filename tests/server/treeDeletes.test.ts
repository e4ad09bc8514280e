import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, fixturePath, type TestApp } from '../helpers/testApp.js';
import { client, roleTokenWith, type Client } from './engineSupport.js';

const matrix = await databaseMatrix();

/** A tree model served through the generic delete and BatchDelete, and what a node of it is made of. */
interface TreeCase {
  title: string;
  base: string;
  node: (name: string, parentId?: string) => Record<string, unknown>;
}

let serial = 0;
const code = (prefix: string) => `${prefix}${Date.now().toString(36)}${serial++}`.toUpperCase();

const CASES: TreeCase[] = [
  {
    title: 'a designed tree model (treefixture.node)',
    base: '/api/treefixture/Node',
    node: (name, parentId) => ({ name: `${name}${serial++}`, ...(parentId ? { parentId } : {}) }),
  },
  {
    title: '部门管理 (system.depart)',
    base: '/api/permission/Organize/Department',
    node: (name, parentId) => ({ departName: name, orgCode: code('TD'), ...(parentId ? { parentId } : {}) }),
  },
  {
    title: '组织管理 (system.organize)',
    base: '/api/permission/Organize',
    node: (name, parentId) => ({ fullName: name, enCode: code('TO'), ...(parentId ? { parentId } : {}) }),
  },
  {
    title: '数据字典 (system.dict)',
    base: '/api/system/DictionaryType',
    node: (name, parentId) => ({ dictName: name, dictCode: code('td'), ...(parentId ? { parentId } : {}) }),
  },
];

describe.each(matrix)('$kind: deleting a tree node with children', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;
    beforeAll(async () => {
      // treefixture.node: a tree a module designs, keeping deleted nodes in the recycle bin
      t = await createTestApp(kind, { extraSchemaDirs: [fixturePath('treeModules')] });
      admin = client(t, await t.login());
    });
    afterAll(async () => {
      await t?.close();
    });

    describe.each(CASES)('$title', ({ base, node }) => {
      /** parent → child → grandchild, made through the model's own create */
      async function branch(): Promise<{ parent: string; child: string; grandchild: string }> {
        const add = async (name: string, parentId?: string) => {
          const res = await admin.post(base, node(name, parentId));
          expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
          return res.body.data.id as string;
        };
        const parent = await add('上级');
        const child = await add('下级', parent);
        const grandchild = await add('再下级', child);
        return { parent, child, grandchild };
      }
      const exists = async (id: string) => (await admin.get(`${base}/${id}`)).body.code === 200;

      it('refuses deleting a node that has children, one by one and in a batch that leaves a child behind', async () => {
        const { parent, child, grandchild } = await branch();
        const lone = await admin.del(`${base}/${parent}`);
        expect(lone.body).toMatchObject({ code: 400, error: 'CL_ERR_TREE_HAS_CHILDREN', msg: '该节点下有下级数据，不能删除' });
        const batch = await admin.post(`${base}/Actions/BatchDelete`, { ids: [parent, child] });
        expect(batch.body).toMatchObject({ error: 'CL_ERR_TREE_HAS_CHILDREN' });
        // all or nothing: the refused batch deleted neither
        expect(await exists(parent)).toBe(true);
        expect(await exists(child)).toBe(true);
        expect(await exists(grandchild)).toBe(true);
      });

      it('deletes a whole subtree named in one batch, and a leaf alone', async () => {
        const { parent, child, grandchild } = await branch();
        expect((await admin.del(`${base}/${grandchild}`)).body.code).toBe(200);
        expect((await admin.post(`${base}/Actions/BatchDelete`, { ids: [child, parent] })).body.code).toBe(200);
        expect(await exists(parent)).toBe(false);
        expect(await exists(child)).toBe(false);
      });

      it('refuses a parent that does not exist, so no node starts or moves out an orphan', async () => {
        const { child } = await branch();
        const orphan = await admin.post(base, node('孤儿', 'no-such-node'));
        expect(orphan.body).toMatchObject({ code: 400, error: 'CL_ERR_TREE_PARENT_INVALID' });
        const version = (await admin.get(`${base}/${child}`)).body.data.version as number;
        const moved = await admin.put(`${base}/${child}`, { parentId: 'no-such-node', version });
        expect(moved.body).toMatchObject({ code: 400, error: 'CL_ERR_TREE_PARENT_INVALID' });
      });

      it('answers the refusal in the caller language', async () => {
        const { parent } = await branch();
        const en = client(t, await t.login(), { lang: 'en' });
        expect((await en.del(`${base}/${parent}`)).body.msg).toBe('This node has children and cannot be deleted');
        const tw = client(t, await t.login(), { lang: 'zh-TW' });
        expect((await tw.del(`${base}/${parent}`)).body.msg).toBe('該節點下有下級資料，不能刪除');
      });
    });

    it('keeps a node whose child lies outside the caller data scope, and deletes nothing of a batch naming that child', async () => {
      const base = '/api/treefixture/Node';
      const parent = (await admin.post(base, { name: `范围${serial++}` })).body.data.id as string;
      const child = (await admin.post(base, { name: `范围${serial++}`, parentId: parent })).body.data.id as string;
      // the caller's role sees the roots only
      const { roleId, token } = await roleTokenWith(
        t,
        ['list', 'delete'].map((a) => `treefixture:node:${a}`),
      );
      const rule = await admin.post('/sys/dataRule/add', {
        name: `只看根${serial++}`,
        modelId: 'treefixture.node',
        kind: 'field',
        field: 'parentId',
        operator: 'eq',
        value: '0',
      });
      expect(rule.body).toMatchObject({ success: true });
      expect((await admin.post('/sys/roleDataRule/add', { roleId, ruleId: rule.body.result.id })).body).toMatchObject({ success: true });
      const scoped = client(t, token);
      expect((await scoped.get(`${base}/${child}`)).body.code).not.toBe(200);
      expect((await scoped.del(`${base}/${parent}`)).body.error).toBe('CL_ERR_TREE_HAS_CHILDREN');
      expect((await scoped.post(`${base}/Actions/BatchDelete`, { ids: [parent, child] })).body.error).toBe('CL_ERR_RECORD_NOT_FOUND');
      expect((await admin.get(`${base}/${parent}`)).body.code).toBe(200);
      expect((await admin.get(`${base}/${child}`)).body.code).toBe(200);
    });

    it('restores a node from the recycle bin only under a parent still there', async () => {
      const base = '/api/treefixture/Node';
      const name = `回收${serial++}`;
      const parent = (await admin.post(base, { name: `${name}上级` })).body.data.id as string;
      const child = (await admin.post(base, { name: `${name}下级`, parentId: parent })).body.data.id as string;
      expect((await admin.del(`${base}/${child}`)).body.code).toBe(200);
      expect((await admin.del(`${base}/${parent}`)).body.code).toBe(200);
      const binOf = async (id: string) => {
        const list = (await admin.get('/sys/recycleBin/list', { modelId: 'treefixture.node', keyword: name, pageSize: 50 })).body.result.records;
        return (list as { id: string; recordId: string }[]).find((row) => row.recordId === id)!.id;
      };
      const orphan = await admin.put('/sys/recycleBin/restore', undefined, { id: await binOf(child) });
      expect(orphan.body).toMatchObject({ success: false, error: 'CL_ERR_TREE_PARENT_INVALID' });
      expect((await admin.get(`${base}/${child}`)).body.code).not.toBe(200);
      expect((await admin.put('/sys/recycleBin/restore', undefined, { id: await binOf(parent) })).body).toMatchObject({ success: true });
      expect((await admin.put('/sys/recycleBin/restore', undefined, { id: await binOf(child) })).body).toMatchObject({ success: true });
      expect((await admin.get(`${base}/${child}`)).body.data).toMatchObject({ parentId: parent });
    });
  });
});
