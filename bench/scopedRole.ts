// The department-scoped scenario of the list benchmark (budgets.md: a restricted role ≤ 1.2× the
// admin's time on the same page). seedScopedRole spreads the seeded positions over four departments
// and adds a user whose one role may list positions under a "department" data rule; benchScopedRole
// loads the same page as that user and as the admin, alternating, in the same run.
import { sql, type Kysely } from 'kysely';
import { hashPassword } from '../server/auth/passwords.js';
import { buildApp } from '../server/app.js';
import type { AppConfig } from '../server/config.js';
import { nowText } from '../server/db/timestamps.js';
import { runLoad, type LoadResult } from './load.js';

export const SCOPED_USER = 'benchscoped';
const DEPARTMENTS = 4;

/** Idempotent: does nothing once the scoped user exists. Written with Kysely, so it serves both databases. */
export async function seedScopedRole(config: Partial<AppConfig>, password: string): Promise<void> {
  const app = await buildApp({ config, adminPasswordFinal: true });
  try {
    const db = app.ctx.db.db as unknown as Kysely<unknown>;
    const { rows } = await sql`select 1 as hit from sys_user where username = ${SCOPED_USER}`.execute(db);
    if (rows.length > 0) return;
    const now = nowText();
    const hash = await hashPassword(password);
    await db.transaction().execute(async (trx) => {
      // spreading 1M rows over departments outlasts the server's 30 s statement timeout on a busy machine
      if (config.databaseUrl) await sql`set local statement_timeout = 0`.execute(trx);
      for (let i = 0; i < DEPARTMENTS; i++) {
        await sql`insert into sys_depart (id, parent_id, depart_name, org_code, org_category, depart_order, status, tenant_id, create_time, version)
          values (${`bench-dep-${i}`}, null, ${`压测部门${i}`}, ${`BENCH${i}`}, '2', ${i}, 1, 1, ${now}, 1)`.execute(trx);
      }
      await sql`update sys_position set organize_id = ${'bench-dep-'} || cast(sort_code % ${DEPARTMENTS} as varchar(10)) where organize_id is null`.execute(
        trx,
      );
      await sql`insert into sys_role (id, role_name, role_code, status, tenant_id, create_time, version) values ('bench-scoped', '压测部门角色', 'bench_scoped', 1, 1, ${now}, 1)`.execute(
        trx,
      );
      await sql`insert into sys_role_permission (id, role_id, permission_id, create_time, version)
        select 'bench-scoped-list', 'bench-scoped', id, ${now}, 1 from sys_permission where perms = 'system:position:list'`.execute(trx);
      await sql`insert into sys_user (id, username, realname, password, salt, status, del_flag, must_change_password, create_time, version)
        values ('bench-scoped-user', ${SCOPED_USER}, '压测部门用户', ${hash.password}, ${hash.salt}, 1, 0, 0, ${now}, 1)`.execute(trx);
      await sql`insert into sys_user_tenant (id, user_id, tenant_id, create_time, version) values ('bench-scoped-ut', 'bench-scoped-user', 1, ${now}, 1)`.execute(
        trx,
      );
      await sql`insert into sys_user_role (id, user_id, role_id, create_time, version) values ('bench-scoped-ur', 'bench-scoped-user', 'bench-scoped', ${now}, 1)`.execute(
        trx,
      );
      await sql`insert into sys_user_depart (id, user_id, dep_id, create_time, version) values ('bench-scoped-ud', 'bench-scoped-user', 'bench-dep-0', ${now}, 1)`.execute(
        trx,
      );
      await sql`insert into sys_data_rule (id, tenant_id, name, model_id, kind, enabled, create_time, version)
        values ('bench-scoped-rule', 1, '本部门岗位', 'system.position', 'department', 1, ${now}, 1)`.execute(trx);
      await sql`insert into sys_role_data_rule (id, role_id, rule_id, create_time, version) values ('bench-scoped-grant', 'bench-scoped', 'bench-scoped-rule', ${now}, 1)`.execute(
        trx,
      );
    });
    await sql`analyze`.execute(db);
  } finally {
    await app.close();
  }
}

/** The same paths as the admin and as the scoped user, alternating per round so both see the same machine. */
export async function benchScopedRole(
  base: string,
  paths: string[],
  headers: { admin: Record<string, string>; scoped: Record<string, string> },
  load: { connections: number; seconds: number; rounds: number },
): Promise<{ admin: LoadResult[]; scoped: LoadResult[] }> {
  const results = { admin: [] as LoadResult[], scoped: [] as LoadResult[] };
  for (const who of ['admin', 'scoped'] as const) await runLoad(base, paths, headers[who], 4, 2);
  for (let round = 0; round < load.rounds; round++) {
    for (const who of ['admin', 'scoped'] as const) results[who].push(await runLoad(base, paths, headers[who], load.connections, load.seconds));
  }
  return results;
}
