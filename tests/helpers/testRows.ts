import type { Kysely } from 'kysely';
import { hashPassword } from '../../server/auth/passwords.js';
import { newId } from '../../server/db/ids.js';
import { DEFAULT_TENANT_ID } from '../../server/db/coreIds.js';
import type { Database, PermissionTable } from '../../server/db/schema.js';
import { nowText } from '../../server/db/timestamps.js';

/**
 * Rows a test needs, inserted directly into the real tables (no mocks). Tests must not depend on
 * what the engine's module sync writes, so they use ids and codes no module declares.
 */
type Db = Kysely<Database>;

export async function insertRole(db: Db, id: string, status = 1, tenantId = DEFAULT_TENANT_ID): Promise<string> {
  await db
    .insertInto('sysRole')
    .values({
      id,
      roleName: id,
      roleCode: id,
      description: null,
      status,
      tenantId,
      createBy: 'test',
      createTime: nowText(),
      updateBy: null,
      updateTime: null,
      version: 1,
    })
    .execute();
  return id;
}

export async function insertDepart(db: Db, orgCode: string, departName: string, tenantId = DEFAULT_TENANT_ID): Promise<string> {
  const id = newId();
  await db
    .insertInto('sysDepart')
    .values({
      id,
      parentId: null,
      departName,
      orgCode,
      orgCategory: '2',
      departOrder: 1,
      description: null,
      status: 1,
      tenantId,
      createBy: 'test',
      createTime: nowText(),
      updateBy: null,
      updateTime: null,
      version: 1,
    })
    .execute();
  return id;
}

export async function ensureTenant(db: Db, id: number): Promise<void> {
  const existing = await db.selectFrom('sysTenant').select('id').where('id', '=', id).executeTakeFirst();
  if (!existing)
    await db
      .insertInto('sysTenant')
      .values({ id, name: `tenant ${id}`, status: 1, createTime: nowText() })
      .execute();
}

export interface TestUser {
  username: string;
  password: string;
  roleIds?: string[];
  departIds?: string[];
  tenantIds?: number[];
  mustChangePassword?: boolean;
}

export async function insertUser(db: Db, user: TestUser): Promise<string> {
  const id = newId();
  const hash = await hashPassword(user.password);
  await db
    .insertInto('sysUser')
    .values({
      id,
      username: user.username,
      realname: user.username,
      password: hash.password,
      salt: hash.salt,
      status: 1,
      delFlag: 0,
      orgCode: null,
      mustChangePassword: user.mustChangePassword ? 1 : 0,
      passwordChangedAt: null,
      createBy: 'test',
      createTime: nowText(),
      version: 1,
    })
    .execute();
  for (const roleId of user.roleIds ?? []) await db.insertInto('sysUserRole').values({ id: newId(), userId: id, roleId, createTime: nowText() }).execute();
  for (const depId of user.departIds ?? []) await db.insertInto('sysUserDepart').values({ id: newId(), userId: id, depId, createTime: nowText() }).execute();
  for (const tenantId of user.tenantIds ?? [DEFAULT_TENANT_ID])
    await db.insertInto('sysUserTenant').values({ id: newId(), userId: id, tenantId, createTime: nowText() }).execute();
  return id;
}

export type PermissionRowInput = Pick<PermissionTable, 'id' | 'name' | 'menuType'> & Partial<Omit<PermissionTable, 'version'>>;

/** Menu/button rows with the engine's conventions as defaults (enabled, route, not deleted). */
export async function insertPermissions(db: Db, rows: PermissionRowInput[]): Promise<void> {
  for (const row of rows) {
    await db
      .insertInto('sysPermission')
      .values({
        parentId: null,
        url: null,
        component: null,
        componentName: null,
        redirect: null,
        perms: null,
        permsType: '1',
        sortNo: 0,
        alwaysShow: 0,
        icon: null,
        isRoute: 1,
        isLeaf: 1,
        keepAlive: 0,
        hidden: 0,
        internalOrExternal: 0,
        status: '1',
        delFlag: 0,
        moduleId: 'test',
        defHash: null,
        createTime: nowText(),
        updateTime: null,
        ...row,
      })
      .execute();
  }
}

/**
 * Makes a user an administrator of a tenant: a role of that tenant holding every permission row, as the
 * bootstrap admin role does in tenant 1 (permissions count per acting tenant, so membership alone grants nothing).
 */
export async function tenantAdminRole(db: Db, tenantId: number, userId: string): Promise<string> {
  const roleId = await insertRole(db, newId(), 1, tenantId); // sys_role.id is varchar(36)
  const rows = await db.selectFrom('sysPermission').select('id').where('delFlag', '=', 0).execute();
  await grant(
    db,
    roleId,
    rows.map((r) => r.id),
  );
  await db.insertInto('sysUserRole').values({ id: newId(), userId, roleId, createTime: nowText() }).execute();
  return roleId;
}

export async function grant(db: Db, roleId: string, permissionIds: string[]): Promise<void> {
  for (const permissionId of permissionIds)
    await db.insertInto('sysRolePermission').values({ id: newId(), roleId, permissionId, createTime: nowText() }).execute();
}

export interface TestDictItem {
  value: string;
  text: string;
  color?: string;
  status?: number;
  sortOrder?: number;
}

export async function insertDict(db: Db, dictCode: string, items: TestDictItem[]): Promise<void> {
  const dictId = newId();
  const now = nowText();
  await db
    .insertInto('sysDict')
    .values({ id: dictId, dictName: dictCode, dictCode, description: null, delFlag: 0, moduleId: '', defHash: null, createTime: now, updateTime: null })
    .execute();
  for (const [i, item] of items.entries()) {
    await db
      .insertInto('sysDictItem')
      .values({
        id: newId(),
        dictId,
        itemText: item.text,
        itemValue: item.value,
        description: null,
        sortOrder: item.sortOrder ?? i,
        status: item.status ?? 1,
        color: item.color ?? null,
        createTime: now,
        updateTime: null,
      })
      .execute();
  }
}
