import type { Kysely, Selectable } from 'kysely';
import type { Database, StaffUserColumns, UserTable } from '../db/schema.js';

type UserRow = UserTable & StaffUserColumns;

/**
 * The user as the shell sees it (login, selectDepart). An allow-list: password, salt, lockout
 * counters and ID-card data never leave the server through it.
 */
const USER_INFO_FIELDS = [
  'id',
  'username',
  'realname',
  'avatar',
  'orgCode',
  'sex',
  'phone',
  'email',
  'workNo',
  'status',
  'birthday',
] as const satisfies readonly (keyof UserRow)[];

export type UserInfo = Pick<Selectable<UserRow>, (typeof USER_INFO_FIELDS)[number]> & {
  mustChangePassword: boolean;
  tenantIds: number[];
};

export function toUserInfo(row: Selectable<UserRow>, tenantIds: number[]): UserInfo {
  const info = Object.fromEntries(USER_INFO_FIELDS.map((k) => [k, row[k]])) as Omit<UserInfo, 'mustChangePassword' | 'tenantIds'>;
  return { ...info, mustChangePassword: row.mustChangePassword === 1, tenantIds };
}

export interface DepartOption {
  id: string;
  departName: string;
  orgCode: string;
  orgCategory: string;
  parentId: string | null;
}

export async function userDeparts(db: Kysely<Database>, userId: string, tenantId: number): Promise<DepartOption[]> {
  return (
    db
      .selectFrom('sysUserDepart as ud')
      .innerJoin('sysDepart as d', 'd.id', 'ud.depId')
      .select(['d.id', 'd.departName', 'd.orgCode', 'd.orgCategory', 'd.parentId'])
      .where('ud.userId', '=', userId)
      // an account shared with other tenants has departments there too: the tenant acted in offers its own
      .where('d.tenantId', '=', tenantId)
      .where('d.status', '=', 1)
      .orderBy('d.departOrder')
      .orderBy('d.orgCode')
      .execute()
  );
}

/** 0 none, 1 exactly one, 2 several (the client then asks which one) — JeecgBoot's multi_depart. */
export function multiDepartOf(departs: DepartOption[]): 0 | 1 | 2 {
  return departs.length === 0 ? 0 : departs.length === 1 ? 1 : 2;
}
