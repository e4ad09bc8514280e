import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.js';
import { newId } from '../db/ids.js';
import { ADMIN_ROLE_ID, DEFAULT_TENANT_ID } from '../db/coreIds.js';
import type { Database } from '../db/schema.js';
import { nowText } from '../db/timestamps.js';
import type { ModuleSet } from '../engine/loadModules.js';
import { passwordProblem } from './passwordPolicy.js';
import { generatePassword, hashPassword } from './passwords.js';
import { logSecurityEvent } from './securityLog.js';

export const ADMIN_USERNAME = 'admin';
const ROOT_DEPART_ORG_CODE = 'A01';

export interface BootstrapOptions {
  /**
   * The given first password is final: no change is asked at first sign-in. Only for harnesses whose admin
   * password is a fixture (tests, benchmarks); main.ts never sets it, and no setting reaches it.
   */
  passwordFinal?: boolean;
}

/**
 * Makes sure an administrator exists. There is no default password: it comes from
 * CLOUDLAB_ADMIN_PASSWORD (which must pass the password policy, else the server refuses to start) or
 * is generated here, returned once for main.ts to print; either way it must be changed at first
 * sign-in, since it travelled through a terminal or an environment. An existing admin is never
 * touched (the variable is a *first* password).
 */
export async function ensureBootstrap(
  db: Kysely<Database>,
  config: AppConfig,
  _modules: ModuleSet,
  options: BootstrapOptions = {},
): Promise<{ generatedPassword?: string }> {
  const existing = await db.selectFrom('sysUser').select('id').where('username', '=', ADMIN_USERNAME).executeTakeFirst();
  if (existing) return {};
  const problem = config.adminPassword ? passwordProblem(config.adminPassword, config.passwordMinLength) : null;
  if (problem) {
    const why = {
      charset: 'letters and digits only, at least one of each',
      length: `${config.passwordMinLength}-16 characters`,
      common: 'not a common password',
    }[problem];
    throw new Error(`CLOUDLAB_ADMIN_PASSWORD does not pass the password policy (${why}); choose another or leave it unset to have one generated`);
  }
  const generated = config.adminPassword ? undefined : generatePassword();
  const hash = await hashPassword(config.adminPassword ?? generated!);
  const now = nowText();
  const userId = newId();
  await db.transaction().execute(async (trx) => {
    let depart = await trx.selectFrom('sysDepart').select(['id', 'orgCode']).where('orgCode', '=', ROOT_DEPART_ORG_CODE).executeTakeFirst();
    if (!depart) {
      depart = { id: newId(), orgCode: ROOT_DEPART_ORG_CODE };
      await trx
        .insertInto('sysDepart')
        .values({
          id: depart.id,
          parentId: null,
          departName: '检测实验室',
          orgCode: ROOT_DEPART_ORG_CODE,
          orgCategory: '1',
          departOrder: 0,
          description: null,
          status: 1,
          tenantId: DEFAULT_TENANT_ID,
          createBy: 'system',
          createTime: now,
          updateBy: null,
          updateTime: null,
          version: 1,
        })
        .execute();
    }
    await trx
      .insertInto('sysUser')
      .values({
        id: userId,
        username: ADMIN_USERNAME,
        realname: '管理员',
        password: hash.password,
        salt: hash.salt,
        status: 1,
        delFlag: 0,
        orgCode: depart.orgCode,
        // a generated password is always changed: only its one printout knows it
        mustChangePassword: options.passwordFinal && !generated ? 0 : 1,
        passwordChangedAt: null,
        createBy: 'system',
        createTime: now,
        version: 1,
      })
      .execute();
    await trx.insertInto('sysUserRole').values({ id: newId(), userId, roleId: ADMIN_ROLE_ID, createBy: 'system', createTime: now }).execute();
    await trx.insertInto('sysUserTenant').values({ id: newId(), userId, tenantId: DEFAULT_TENANT_ID, createBy: 'system', createTime: now }).execute();
    await trx.insertInto('sysUserDepart').values({ id: newId(), userId, depId: depart.id, createBy: 'system', createTime: now }).execute();
  });
  await logSecurityEvent(db, {
    event: 'admin.bootstrap',
    userId,
    username: ADMIN_USERNAME,
    detail: generated ? 'generated first password' : 'first password from CLOUDLAB_ADMIN_PASSWORD',
  });
  return generated ? { generatedPassword: generated } : {};
}
