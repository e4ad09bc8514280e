import { sql, type Transaction } from 'kysely';
import { v2 } from '../../runtime/model/v2Parts.js';
import type { Database } from '../db/schema.js';
import { appError } from '../errors.js';
import type { CompiledModel } from './compileModel.js';
import type { EngineContext } from './context.js';
import { scopeConditions } from './whereSql.js';

/**
 * A delete of tree nodes (a model declaring `tree`: departments, organisations, dictionaries, designed
 * trees) may not leave a node whose parent is gone: such an orphan shows on no level of the tree yet keeps
 * its members and links. A node is refused while it has a child the same delete does not remove, so a
 * batch naming a parent with its whole subtree goes through, and the whole batch is refused otherwise.
 * Children are looked for in the caller's tenant but beyond their data scope: a child they cannot see
 * still holds its parent in place.
 */
export async function assertNoTreeOrphans(trx: Transaction<Database>, model: CompiledModel, ids: readonly string[], context: EngineContext): Promise<void> {
  const tree = v2(model.model).tree;
  const parent = tree ? model.fields.get(tree.parentField) : undefined;
  if (!parent || ids.length === 0) return;
  const tenant = scopeConditions(model, { tenantId: context.tenantId, scope: { ...context.scope, condition: null } });
  const where = sql.join([sql`${parent.ref} in (${sql.join([...ids])})`, sql`${model.id.ref} not in (${sql.join([...ids])})`, ...tenant], sql` and `);
  const { rows } = await sql`select 1 as hit from ${model.table} where ${where}`.execute(trx);
  if (rows.length > 0) throw appError('CL_ERR_TREE_HAS_CHILDREN');
}
