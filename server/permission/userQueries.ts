import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema.js';

/** A user as the pickers show one (spec 001 §3 "User option: id, fullName, type"). */
export interface UserOption {
  id: string;
  fullName: string;
  account: string;
  realName: string;
  type: 'user';
  enabledMark: 0 | 1;
}

export function userOption(row: Record<string, unknown>): UserOption {
  const account = String(row.username ?? '');
  const realName = String(row.realname ?? '');
  return { id: String(row.id), fullName: `${realName}/${account}`, account, realName, type: 'user', enabledMark: row.status === 1 ? 1 : 0 };
}

/**
 * sys_user is shared by every tenant: a user belongs to the tenants of their sys_user_tenant rows. The
 * engine passes its dialect's `unindexed`, so the membership list filters the read instead of driving it
 * (on SQLite, a page of 100,000 members otherwise read every member and sorted them all: 260–480 ms).
 */
export function memberOfTenant(tenantId: number, unindexed: (term: RawBuilder<unknown>) => RawBuilder<unknown> = (term) => term): RawBuilder<unknown> {
  return sql`${unindexed(sql.ref('id'))} in (select ${sql.ref('user_id')} from ${sql.table('sys_user_tenant')} where ${sql.ref('tenant_id')} = ${tenantId})`;
}

export const enabledUser = sql`${sql.ref('status')} = 1`;

/** `id in (select user_id from <link> where <column> in (values))`: users linked to any of the values. */
export function linkedUsers(linkTable: string, column: string, values: string[]): RawBuilder<unknown> {
  if (values.length === 0) return sql`1 = 0`;
  return sql`${sql.ref('id')} in (select ${sql.ref('user_id')} from ${sql.table(linkTable)} where ${sql.ref(column)} in (${sql.join(values)}))`;
}

export interface DepartNode {
  id: string;
  parentId: string | null;
  departName: string;
  orgCode: string;
  orgCategory: string | null;
  organizeId: string | null;
  departOrder: number;
  status: number;
}

/** The tenant's departments in tree order (parents before their children is not assumed). */
export async function tenantDeparts(db: Kysely<Database>, tenantId: number): Promise<DepartNode[]> {
  const { rows } = await sql<DepartNode>`select id, parent_id, depart_name, org_code, org_category, organize_id, depart_order, status
    from sys_depart where tenant_id = ${tenantId} order by depart_order, depart_name, id`.execute(db);
  return rows.map((r) => ({ ...r, parentId: r.parentId || null, departOrder: Number(r.departOrder), status: Number(r.status) }));
}

/** Each department id with the ids of all its descendants (itself included). */
export function descendantsOf(departs: DepartNode[], rootIds: string[]): string[] {
  const children = new Map<string, string[]>();
  for (const d of departs) if (d.parentId) children.set(d.parentId, [...(children.get(d.parentId) ?? []), d.id]);
  const seen = new Set<string>();
  const stack = rootIds.filter((id) => departs.some((d) => d.id === id));
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return [...seen];
}

/** The department's path of names from its top ancestor ("检测中心/样品室"). */
export function departPath(departs: DepartNode[], id: string): string {
  const byId = new Map(departs.map((d) => [d.id, d]));
  const names: string[] = [];
  const seen = new Set<string>();
  for (let at = byId.get(id); at && !seen.has(at.id); at = at.parentId ? byId.get(at.parentId) : undefined) {
    seen.add(at.id);
    names.unshift(at.departName);
  }
  return names.join('/');
}
