import type { FastifyInstance } from 'fastify';
import { toJeecgEnvelope } from '../envelopes/toJeecgEnvelope.js';
import { authOf } from '../plugins/accessPlugin.js';
import { treeOf, type TreeItem } from '../permission/treeOf.js';
import { tenantDeparts, type DepartNode } from '../permission/userQueries.js';
import { closedObject } from './closedBody.js';

const t = { type: 'string', maxLength: 20 } as const;
const noQuery = closedObject({ _t: t }, []);
const searchQuery = closedObject({ keyWord: { type: 'string', maxLength: 100 }, myDeptSearch: { type: 'string', maxLength: 1 }, _t: t }, []);

/** A department as Jeecg's department pickers read it (JSelectDepart, JSelectUserByDep): antd tree node fields plus the record's. */
type JeecgDepartNode = Omit<DepartNode, 'departOrder' | 'status'> & {
  key: string;
  value: string;
  title: string;
  isLeaf: boolean;
  children?: JeecgDepartNode[];
};

function toJeecg(node: TreeItem<DepartNode>): JeecgDepartNode {
  const { id, parentId, departName, orgCode, orgCategory, organizeId } = node;
  const base = { key: id, value: id, title: departName, id, parentId, departName, orgCode, orgCategory, organizeId };
  return node.children.length > 0 ? { ...base, isLeaf: false, children: node.children.map(toJeecg) } : { ...base, isLeaf: true };
}

/**
 * The department calls Jeecg's pickers make (spec 001 §7 "GET /sys/sysDepart/queryTreeList"): the
 * enabled departments of the caller's tenant as a tree, and a search by name. Any signed-in user may
 * call them: every form with a department field needs them, and they show names and codes only.
 */
export default async function sysDepartPickerRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx.db;
  const enabled = async (tenantId: number) => (await tenantDeparts(db, tenantId)).filter((d) => d.status === 1);

  for (const url of ['/sys/sysDepart/queryTreeList', '/sys/sysDepart/queryIdTree']) {
    app.get(url, { schema: { querystring: noQuery }, config: { access: 'authenticated' } }, async (request) => {
      return toJeecgEnvelope(treeOf(await enabled(authOf(request).tenantId)).map(toJeecg));
    });
  }

  // myDeptSearch=1 limits the search to the caller's own departments and those below them
  app.get<{ Querystring: { keyWord?: string; myDeptSearch?: string } }>(
    '/sys/sysDepart/searchBy',
    { schema: { querystring: searchQuery }, config: { access: 'authenticated' } },
    async (request) => {
      const auth = authOf(request);
      const keyword = (request.query.keyWord ?? '').trim().toLowerCase();
      let departs = await enabled(auth.tenantId);
      if (request.query.myDeptSearch === '1') {
        const mine = new Set((await db.selectFrom('sysUserDepart').select('depId').where('userId', '=', auth.userId).execute()).map((r) => r.depId));
        const within = new Set(
          treeOf(departs).flatMap(function walk(n): string[] {
            return mine.has(n.id) ? [n.id, ...n.children.flatMap(all)] : n.children.flatMap(walk);
          }),
        );
        departs = departs.filter((d) => within.has(d.id));
      }
      const found = departs.filter((d) => keyword === '' || d.departName.toLowerCase().includes(keyword) || d.orgCode.toLowerCase().includes(keyword));
      return toJeecgEnvelope(found.map((d) => toJeecg({ ...d, children: [], hasChildren: false })));
    },
  );
}

function all(node: TreeItem<DepartNode>): string[] {
  return [node.id, ...node.children.flatMap(all)];
}
