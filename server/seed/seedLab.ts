import { sql, type Kysely, type Transaction } from 'kysely';
import type { AppConfig } from '../config.js';
import { ADMIN_ROLE_ID, DEFAULT_TENANT_ID } from '../db/coreIds.js';
import { newId } from '../db/ids.js';
import type { Database } from '../db/schema.js';
import { nowText } from '../db/timestamps.js';
import { passwordProblem } from '../auth/passwordPolicy.js';
import { hashPassword } from '../auth/passwords.js';
import seed from './labSeed.json' with { type: 'json' };

/** The role whose presence says the laboratory was seeded (the seed never runs twice, nor over an admin's edits). */
const MARKER_ROLE = 'labManager';
const ROOT_DEPART_ORG_CODE = 'A01';
const SEEDED_BY = 'seed';

interface SeedUser {
  username: string;
  realname: string;
  depart: string;
  position: string;
}

export interface LabSeedResult {
  seeded: boolean;
  users: number;
  /** permission codes of labSeed.json that no loaded module declares (left out, reported) */
  unknownCodes: string[];
}

/** Refuses, at start, a first password the policy would refuse at sign-in (like CLOUDLAB_ADMIN_PASSWORD). */
export function checkLabSeedPassword(config: Pick<AppConfig, 'labSeedPassword' | 'passwordMinLength'>): void {
  if (config.labSeedPassword && passwordProblem(config.labSeedPassword, config.passwordMinLength)) {
    throw new Error('CLOUDLAB_LAB_SEED_PASSWORD does not pass the password policy (letters and digits, both, not a common password)');
  }
}

/** The permission ids a role gets for these codes: each button and every menu above it, so the menu shows. */
async function permissionIdsOf(trx: Transaction<Database>, codes: string[]): Promise<{ ids: string[]; unknown: string[] }> {
  const rows = await trx.selectFrom('sysPermission').select(['id', 'parentId', 'perms']).where('delFlag', '=', 0).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ids = new Set<string>();
  const unknown: string[] = [];
  for (const code of codes) {
    let row = byId.get(`btn:${code}`);
    if (!row) unknown.push(code);
    while (row && !ids.has(row.id)) {
      ids.add(row.id);
      row = row.parentId ? byId.get(row.parentId) : undefined;
    }
  }
  return { ids: [...ids], unknown };
}

/**
 * A testing laboratory on a fresh install (docs/lab-seed.md): the organisation 检测中心 with its
 * departments (testing, sample room, quality, equipment, office) under the root department, positions,
 * data rules, the roles lab manager, tester, reviewer, quality officer and equipment officer with their
 * menus, buttons and data rules, a handful of accounts per role (one more for the existing admin
 * role), and the print templates of labSeed.json (the competence summary). It runs only when CLOUDLAB_LAB_SEED_PASSWORD is set, only once (the labManager role marks it),
 * in one transaction. Every account's first password is that variable, and must be changed at first
 * sign-in (mustChangePassword): no password is written in code or in labSeed.json.
 */
export async function seedLab(db: Kysely<Database>, config: Pick<AppConfig, 'labSeedPassword' | 'passwordMinLength'>): Promise<LabSeedResult> {
  const password = config.labSeedPassword;
  if (!password) return { seeded: false, users: 0, unknownCodes: [] };
  checkLabSeedPassword(config);
  const done = await db.selectFrom('sysRole').select('id').where('roleCode', '=', MARKER_ROLE).where('tenantId', '=', DEFAULT_TENANT_ID).executeTakeFirst();
  if (done) return { seeded: false, users: 0, unknownCodes: [] };
  const tenant = DEFAULT_TENANT_ID;
  const now = nowText();
  const stamp = { create_by: SEEDED_BY, create_time: now, version: 1 };
  let users = 0;
  const unknownCodes = new Set<string>();
  await db.transaction().execute(async (trx) => {
    const insert = (table: string, row: Record<string, unknown>) =>
      sql`insert into ${sql.table(table)} (${sql.join(Object.keys(row).map((k) => sql.ref(k)))}) values (${sql.join(Object.values(row))})`.execute(trx);

    const organizeId = newId();
    await insert('sys_organize', {
      id: organizeId,
      parent_id: '0',
      full_name: seed.organize.fullName,
      en_code: seed.organize.enCode,
      enabled_mark: 1,
      sort_code: 0,
      tenant_id: tenant,
      ...stamp,
    });
    const root = await trx.selectFrom('sysDepart').select('id').where('orgCode', '=', ROOT_DEPART_ORG_CODE).where('tenantId', '=', tenant).executeTakeFirst();
    const departs = new Map<string, string>();
    for (const [order, depart] of seed.departs.entries()) {
      const id = newId();
      departs.set(depart.orgCode, id);
      await insert('sys_depart', {
        id,
        parent_id: root?.id ?? null,
        depart_name: depart.departName,
        org_code: depart.orgCode,
        org_category: '2',
        depart_order: order + 1,
        status: 1,
        tenant_id: tenant,
        organize_id: organizeId,
        ...stamp,
      });
    }
    const positions = new Map<string, string>();
    for (const [order, position] of seed.positions.entries()) {
      const id = newId();
      positions.set(position.enCode, id);
      await insert('sys_position', {
        id,
        full_name: position.fullName,
        en_code: position.enCode,
        organize_id: departs.get(position.depart)!,
        enabled_mark: 1,
        sort_code: order + 1,
        tenant_id: tenant,
        ...stamp,
      });
    }
    const rules = new Map<string, string>();
    for (const rule of seed.rules) {
      const id = newId();
      rules.set(rule.key, id);
      await insert('sys_data_rule', { id, name: rule.name, model_id: rule.modelId, kind: rule.kind, enabled: 1, tenant_id: DEFAULT_TENANT_ID, ...stamp });
    }

    const addUser = async (user: SeedUser, roleId: string) => {
      const hash = await hashPassword(password);
      const id = newId();
      await insert('sys_user', {
        id,
        username: user.username,
        realname: user.realname,
        password: hash.password,
        salt: hash.salt,
        status: 1,
        del_flag: 0,
        org_code: user.depart,
        must_change_password: 1,
        ...stamp,
      });
      await insert('sys_user_tenant', { id: newId(), user_id: id, tenant_id: tenant, ...stamp });
      await insert('sys_user_role', { id: newId(), user_id: id, role_id: roleId, ...stamp });
      await insert('sys_user_depart', { id: newId(), user_id: id, dep_id: departs.get(user.depart)!, ...stamp });
      await insert('sys_user_position', { id: newId(), user_id: id, position_id: positions.get(user.position)!, ...stamp });
      users++;
    };

    for (const role of seed.roles) {
      const roleId = newId();
      await insert('sys_role', {
        id: roleId,
        role_name: role.roleName,
        role_code: role.roleCode,
        description: role.description,
        status: 1,
        organize_id: organizeId,
        tenant_id: tenant,
        ...stamp,
      });
      const { ids, unknown } = await permissionIdsOf(trx, role.permissions);
      for (const code of unknown) unknownCodes.add(code);
      for (const permissionId of ids) await insert('sys_role_permission', { id: newId(), role_id: roleId, permission_id: permissionId, ...stamp });
      for (const key of role.rules) await insert('sys_role_data_rule', { id: newId(), role_id: roleId, rule_id: rules.get(key)!, ...stamp });
      for (const user of role.users) await addUser(user, roleId);
    }
    for (const user of seed.adminUsers) await addUser(user, ADMIN_ROLE_ID);
    // print templates the laboratory starts with: the competence summary of a person (ISO/IEC 17025 §6.2)
    for (const [order, print] of seed.printTemplates.entries()) {
      await insert('sys_print_dev', {
        id: newId(),
        full_name: print.fullName,
        en_code: print.enCode,
        type: print.type,
        form_id: print.formId,
        template: JSON.stringify(print.template),
        enabled_mark: 1,
        sort_code: order + 1,
        description: print.description,
        tenant_id: tenant,
        ...stamp,
      });
    }
  });
  return { seeded: true, users, unknownCodes: [...unknownCodes] };
}
