import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { FastifyRequest } from 'fastify';
import { heldPermissions } from '../auth/holdsPermission.js';
import { escapeLike } from '../db/dialects/escapeLike.js';
import type { Database } from '../db/schema.js';
import type { CompiledField, CompiledModel } from '../engine/compileModel.js';
import type { ModelStore } from '../engine/store/modelStore.js';
import { whereSql, type WhereParts } from '../engine/whereSql.js';
import type { StoredFile } from '../files/fileStore.js';
import { noticeDb } from '../notices/noticeTables.js';
import { mentionedInVisible } from '../notices/userAnnouncements.js';
import { authOf } from '../plugins/accessPlugin.js';

/** field types whose value names stored files: paths (file, image), or an editor's text with inserted images */
const FILE_TYPES = new Set(['file', 'image', 'richText']);
const NO_FILTER: WhereParts = { filters: [], keyword: null, superQuery: [], matchType: 'and' };

const fileFieldsOf = new WeakMap<CompiledModel, CompiledField[]>();
function fileFields(model: CompiledModel): CompiledField[] {
  let found = fileFieldsOf.get(model);
  if (!found) fileFieldsOf.set(model, (found = model.readable.filter((f) => !f.system && FILE_TYPES.has(f.def.type))));
  return found;
}

async function anyRow(db: Kysely<unknown>, model: CompiledModel, where: RawBuilder<unknown>): Promise<boolean> {
  const { rows } = await sql`select 1 as hit from ${model.table} ${where} limit 1`.execute(db);
  return rows.length > 0;
}

/**
 * Who may download a stored file (security.md rule 16, docs/api.md "Files"): a file of the caller's tenant, and
 * then only its uploader, or a caller who may read a record naming it. That is a record of a model whose list
 * they may open (its list permission), in their tenant and data scope, whose file, image or rich-text field
 * their roles do not hide names the file; their own record of a model with personal information (api.self) and
 * the rows of its sub-record tabs hanging on their account; or an announcement they may see. Anyone else gets the
 * answer of a file that does not exist, so a guessed or leaked address tells nothing.
 */
export function createFileAccess(store: ModelStore, db: Kysely<Database>) {
  return async function mayRead(request: FastifyRequest, file: StoredFile): Promise<boolean> {
    const auth = authOf(request);
    if (file.tenantId !== auth.tenantId) return false;
    if (file.userId === auth.userId) return true;
    const { env } = store;
    const entries = [...store.current().entries.values()];
    // the tabs of personal information: their rows on the caller's account are the caller's to read
    const ownerKeys = new Map<string, string>();
    for (const { model } of entries) if (model.api.self) for (const tab of model.tabs ?? []) ownerKeys.set(tab.model, tab.foreignKey);
    const models = entries.map((e) => e.compiled).filter((m) => fileFields(m).length > 0);
    const held = await heldPermissions(
      db,
      auth,
      models.map((m) => m.permission('list')),
    );
    const pattern = `%${escapeLike(file.name)}%`;
    for (const model of models) {
      const mention = (fields: CompiledField[]) =>
        sql`(${sql.join(
          fields.map((f) => model.adapter.textSearch.like(f.ref, pattern)),
          sql` or `,
        )})`;
      const ctx = await env.contextFor(request, model);
      const visible = fileFields(model).filter((f) => !ctx.scope.fields?.hidden?.has(f.name));
      if (visible.length === 0) continue;
      if (held.has(model.permission('list')) && (await anyRow(env.reader, model, whereSql(model, NO_FILTER, ctx, 'set', [mention(visible)])))) return true;
      const ownerKey = model.model.api.self ? 'id' : ownerKeys.get(model.model.id);
      const owner = ownerKey ? model.fields.get(ownerKey) : undefined;
      const own = { ...ctx, scope: { ...ctx.scope, condition: null } };
      if (owner && (await anyRow(env.reader, model, whereSql(model, NO_FILTER, own, 'set', [sql`${owner.ref} = ${auth.userId}`, mention(visible)]))))
        return true;
    }
    return mentionedInVisible(noticeDb(db), { userId: auth.userId, username: auth.username, tenantId: auth.tenantId }, pattern);
  };
}

export type FileAccess = ReturnType<typeof createFileAccess>;
