import { sql } from 'kysely';
import type { CompiledModel } from './compileModel.js';
import type { ScopeOf } from './context.js';
import { NOTHING, type DataScope } from './dataScope.js';

/** A model that shows this one as a sub-record tab (model.tabs), and the field naming its record. */
export interface TabParent {
  parent: CompiledModel;
  foreignKey: string;
}

export type TabParentsOf = (modelId: string) => TabParent[];

/** The models that show `modelId` as a sub-record tab, among those served now. */
export function tabParentsIn(models: Iterable<CompiledModel>, modelId: string): TabParent[] {
  const parents: TabParent[] = [];
  for (const parent of models) for (const tab of parent.model.tabs ?? []) if (tab.model === modelId) parents.push({ parent, foreignKey: tab.foreignKey });
  return parents;
}

/**
 * A sub-record tab's rows (a staff member's education, résumé, titles…) belong to their parent record:
 * whoever may not reach the parent on its model may not reach them either. The scope of a tab model is
 * its own AND, for each parent whose scope restricts the caller, "the foreign key names a parent row in
 * that scope" — on every read, write, export, import and lookup, as any scope is. Without it a role
 * limited to its own staff read, edited and added the sub-records of every other member.
 */
export function withTabParents(scopeOf: ScopeOf, parentsOf: TabParentsOf): ScopeOf {
  // one combined scope per model, own scope and parent scopes: callers key statements and totals by the object
  const combined = new WeakMap<CompiledModel, WeakMap<DataScope, { parents: DataScope[]; scope: DataScope }>>();

  async function inherited(auth: Parameters<ScopeOf>[0], model: CompiledModel, seen: ReadonlySet<string>): Promise<DataScope> {
    const own = await scopeOf(auth, model);
    const parents = parentsOf(model.model.id).filter((p) => !seen.has(p.parent.model.id));
    if (parents.length === 0) return own;
    const inner = new Set([...seen, model.model.id]);
    const parentScopes = await Promise.all(parents.map((p) => inherited(auth, p.parent, inner)));
    let memos = combined.get(model);
    if (!memos) combined.set(model, (memos = new WeakMap()));
    const memo = memos.get(own);
    if (memo && memo.parents.length === parentScopes.length && memo.parents.every((s, i) => s === parentScopes[i])) return memo.scope;
    const conditions = own.condition ? [own.condition] : [];
    const keys = [own.key];
    parents.forEach(({ parent, foreignKey }, i) => {
      const scope = parentScopes[i]!;
      if (!scope.condition) return;
      const field = model.fields.get(foreignKey);
      conditions.push(field ? sql`${field.ref} in (select ${parent.id.ref} from ${parent.table} where ${scope.condition})` : NOTHING.condition!);
      keys.push(`tab ${parent.model.id}.${foreignKey}: ${scope.key}`);
    });
    const scope: DataScope = keys.length === 1 ? own : { ...own, condition: sql`(${sql.join(conditions, sql` and `)})`, key: keys.join(' | ') };
    memos.set(own, { parents: parentScopes, scope });
    return scope;
  }

  return (auth, model) => inherited(auth, model, new Set());
}
