import { sql } from 'kysely';
import { createHookRegistry, type HookRegistry } from '../../server/engine/hookRegistry.js';
import { appError } from '../../server/errors.js';

/**
 * The hooks the scope fixture module (tests/fixtures/scopeModules) names: an app loading that module
 * without them refuses to start. `Actions/Close` closes the case it is called on, in the operation's
 * transaction, and refuses after writing when the body says `refuse` (so a rollback can be seen).
 */
export function scopeFixtureHooks(): HookRegistry {
  const hooks = createHookRegistry();
  hooks.registerOperation('scopefixture.closeCase', async ({ record, body, db, context }) => {
    await sql`update scope_fixture_case set state = 0, handler = ${context.auth.username}, version = version + 1 where id = ${record!.id as string}`.execute(
      db,
    );
    if (body.refuse) throw appError('CL_ERR_VALIDATION', { detail: '不能关闭' });
    return { closed: record!.title };
  });
  return hooks;
}
