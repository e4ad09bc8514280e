import { sql } from 'kysely';
import { appError } from '../errors.js';
import type { HookRegistry, OperationHookContext } from '../engine/hookRegistry.js';
import { keywordOf, requiredId, shownText } from './hookInput.js';
import { treeOf } from './treeOf.js';
import { tenantDeparts, userOption, type DepartNode } from './userQueries.js';

type Ctx = OperationHookContext;

const USER_MODEL = 'system.user';

const organizeNode = (o: Record<string, unknown>) => ({
  id: String(o.id),
  parentId: o.parentId ? String(o.parentId) : null,
  fullName: shownText(o.fullName),
  enCode: shownText(o.enCode),
  enabledMark: o.enabledMark,
  type: 'organize' as const,
});
const departNode = (d: DepartNode) => ({
  id: d.id,
  parentId: d.parentId,
  fullName: d.departName,
  enCode: d.orgCode,
  organizeId: d.organizeId,
  enabledMark: d.status,
  type: 'department' as const,
});
const departRow = (d: Record<string, unknown>) => ({
  ...departNode({
    id: String(d.id),
    parentId: d.parentId ? String(d.parentId) : null,
    departName: shownText(d.departName) ?? '',
    orgCode: shownText(d.orgCode) ?? '',
    organizeId: d.organizeId ? String(d.organizeId) : null,
    orgCategory: d.orgCategory ? String(d.orgCategory) : null,
    departOrder: Number(d.departOrder ?? 0),
    status: Number(d.status),
  }),
});

/** '0' (or nothing) names no record: the selector then excludes nothing. */
const excluded = (ctx: Ctx) => {
  const id = requiredId(ctx.params.id, 'id');
  return id === '0' ? null : id;
};

/** The user as the administrator slot shows them, or null; without the fields the caller's roles hide on system.user (a hidden name stays hidden here too). */
async function adminOf(ctx: Ctx, userId: unknown) {
  if (typeof userId !== 'string' || userId === '') return null;
  const { rows } = await sql<Record<string, unknown>>`select id, username, realname, status from sys_user where id = ${userId}`.execute(ctx.db);
  if (!rows[0]) return null;
  const hidden = await ctx.hiddenFieldsOf(USER_MODEL);
  return userOption(Object.fromEntries(Object.entries(rows[0]).filter(([name]) => !hidden.has(name))));
}

/**
 * Organisations and departments (spec 001 §7 "Organizations", "Departments"): pickers that exclude the
 * record being edited, the organisation tree with its departments, and an administrator per organisation.
 */
export function registerOrganizeOperations(hooks: HookRegistry): void {
  hooks.registerOperation('permission.organizeSelector', async (ctx) => {
    const rows = (await ctx.rows([sql`${sql.ref('enabled_mark')} = 1`])).map(organizeNode);
    return { list: treeOf(rows, excluded(ctx)) };
  });

  // organisations, each with its departments (nested by parent) after its sub-organisations
  hooks.registerOperation('permission.organizeTree', async (ctx) => {
    const organizes = (await ctx.rows()).map(organizeNode);
    const departs = (await tenantDeparts(ctx.db, ctx.context.tenantId)).map(departNode);
    const known = new Set(organizes.map((o) => o.id));
    const roots = treeOf(organizes);
    const attach = (nodes: ReturnType<typeof treeOf<ReturnType<typeof organizeNode>>>): unknown[] =>
      nodes.map((o) => {
        const own = treeOf(departs.filter((d) => d.organizeId === o.id));
        const children = [...attach(o.children), ...own];
        return { ...o, children, hasChildren: children.length > 0 };
      });
    const loose = treeOf(departs.filter((d) => !d.organizeId || !known.has(d.organizeId)));
    return { list: [...attach(roots), ...loose] };
  });

  hooks.registerOperation('permission.organizeAdmin', async (ctx) => {
    const record = ctx.record!;
    return { organizeId: record.id, userId: record.adminId ?? null, user: await adminOf(ctx, record.adminId) };
  });

  // the administrator must be a user of the organisation's tenant; null or '' clears the slot
  hooks.registerOperation('permission.setOrganizeAdmin', async (ctx) => {
    const record = ctx.record!;
    const raw = ctx.body.userId;
    for (const name of Object.keys(ctx.body)) if (name !== 'userId' && name !== 'id') throw appError('CL_ERR_FIELD_UNKNOWN', { field: name.slice(0, 60) });
    const userId = raw === null || raw === '' || raw === undefined ? null : requiredId(raw, 'userId');
    if (userId !== null) {
      const member = await sql`select 1 from sys_user_tenant where user_id = ${userId} and tenant_id = ${ctx.context.tenantId}`.execute(ctx.db);
      if (member.rows.length === 0) throw appError('CL_ERR_RECORD_NOT_FOUND');
    }
    await sql`update sys_organize set admin_id = ${userId}, version = version + 1 where id = ${String(record.id)}`.execute(ctx.db);
    return { organizeId: record.id, userId, user: await adminOf(ctx, userId) };
  });

  hooks.registerOperation(
    'permission.departsOfOrganize',
    async (ctx) => {
      const organizeId = requiredId(ctx.params.id, 'id');
      const keyword = keywordOf(ctx.query.keyword);
      const where = [sql`${sql.ref('organize_id')} = ${organizeId}`, ...(keyword ? [ctx.search(['departName', 'orgCode'], keyword)] : [])];
      const rows = (await ctx.rows(where)).map(departRow);
      return { list: keyword ? rows.map((r) => ({ ...r, children: [], hasChildren: false })) : treeOf(rows) };
    },
    { query: ['keyword'] },
  );

  hooks.registerOperation('permission.departSelector', async (ctx) => {
    const rows = (await ctx.rows([sql`${sql.ref('status')} = 1`])).map(departRow);
    return { list: treeOf(rows, excluded(ctx)) };
  });
}
