import type { Kysely, RawBuilder } from 'kysely';
import type { WriteScope } from './writeScope.js';

/**
 * Tenancy of a model whose rows are shared by tenants (entity.tenantScoped false), named by the model's
 * `hooks.tenancy` (format v5). Users belong to the tenants of their membership rows, a user's role link
 * to the tenant both its user and its role belong to: no tenant_id column can say that, so a hook does.
 * The engine puts its condition wherever a tenant-scoped model gets `tenant_id = ?` (every list, get,
 * export, lookup, named operation and write), so a row outside the caller's tenant is never reached.
 */
export interface TenancyHook {
  /**
   * A bound condition over the model's own columns (unqualified) that holds for the rows of the tenant.
   * Subqueries name their own tables, so an unqualified column inside them is theirs. `unindexed` is the
   * dialect's way to keep an outer column off its indexes (DbAdapter.paging.unindexed): a membership test
   * such as `id in (members)` must not drive the read, or the database walks every member and sorts them
   * all instead of walking the list's sort index and stopping after the page.
   */
  rowsOf(tenantId: number, unindexed: (term: RawBuilder<unknown>) => RawBuilder<unknown>): RawBuilder<unknown>;
  /**
   * Called in the write's transaction after the engine inserted rows (a create, an import): makes them
   * belong to the writer's tenant (a membership row), and declares what it wrote through `write.touch`.
   * Without it, the inserted rows must already meet rowsOf (a link between two of the tenant's records),
   * or the write is refused and rolled back.
   */
  adopt?(write: WriteScope, ids: string[]): Promise<void>;
  /**
   * Called in the write's transaction before an edit, state change or delete of rows (`code`: the
   * permission the operation needs). A row shared with other tenants (a user account) changes for them
   * too, so the hook refuses when the writer does not hold `code` in each of them: an administrator of
   * one tenant may not reset, rename, freeze or delete an account another tenant relies on.
   */
  beforeWrite?(write: WriteScope, ids: string[], code: string): Promise<void>;
  /**
   * Called on every answer of the model's rows (list, get, export, a write's answer, named operations)
   * before reference labels and dictionary texts are added: fills, in place, the values a shared row holds
   * per tenant (a user's departments and positions in the tenant `tenantId`), which one column of the
   * shared row cannot hold. Only the keys the rows already carry are filled.
   */
  present?(rows: Record<string, unknown>[], view: { db: Kysely<unknown>; tenantId: number }): Promise<void>;
}
