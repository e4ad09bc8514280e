import { sql, type Transaction } from 'kysely';
import type { ModelFile } from '../../runtime/model/types.js';
import { newId } from '../db/ids.js';
import type { Database } from '../db/schema.js';
import { nowText } from '../db/timestamps.js';
import type { HookRegistry, OperationHookContext } from '../engine/hookRegistry.js';
import { appError } from '../errors.js';
import { DESIGN_TABLE, parseDesignJson } from './designRules.js';
import { latestVersion, listVersions, releasedText, saveVersion, versionText } from './designVersions.js';
import { diffJson, fieldChanges } from './modelDiff.js';

interface DesignRow {
  id: string;
  en_code: string;
  model_json: string;
  state: number | null;
}

async function storedDesign(db: Transaction<Database>, id: string): Promise<DesignRow | undefined> {
  const { rows } = await sql<DesignRow>`select id, en_code, model_json, state from ${sql.table(DESIGN_TABLE)} where id = ${id}`.execute(db.withoutPlugins());
  return rows[0];
}

/** A version number from the query, or the named moment ('released'); undefined when not given. */
function versionParam(raw: string | undefined): number | 'released' | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (raw === 'released') return raw;
  if (!/^\d{1,9}$/.test(raw)) throw appError('CL_ERR_BAD_REQUEST', { detail: 'from/to: a version number or "released"' });
  return Number(raw);
}

async function textAt(ctx: OperationHookContext, at: number | 'released'): Promise<string> {
  const record = ctx.record!;
  const text = at === 'released' ? await releasedText(ctx.db, String(record.enCode)) : await versionText(ctx.db, String(record.id), at);
  if (text === null) throw appError('CL_ERR_DESIGN_VERSION_UNKNOWN', { version: String(at) });
  return text;
}

/** The first free copy of a model id: online.sampleCopy1, online.sampleCopy2, … */
async function freeCopyCode(db: Transaction<Database>, enCode: string): Promise<{ code: string; n: number }> {
  for (let n = 1; n < 1000; n++) {
    const code = `${enCode.slice(0, 70)}Copy${n}`;
    const { rows } = await sql`select 1 as hit from ${sql.table(DESIGN_TABLE)} where en_code = ${code}`.execute(db.withoutPlugins());
    if (rows.length === 0) return { code, n };
  }
  throw appError('CL_ERR_BAD_REQUEST', { detail: 'too many copies' });
}

/**
 * The copy of a model under a new id: its own table, routes and permission prefix, so that both can be
 * released side by side. Routes are rewritten wherever they name the old base (lookups, operations).
 */
export function copyModel(model: Record<string, unknown>, newId: string, n: number): Record<string, unknown> {
  const source = model as unknown as ModelFile;
  const name = newId.slice(newId.indexOf('.') + 1);
  const oldBase = source.api?.base;
  const text = typeof oldBase === 'string' && oldBase !== '' ? JSON.stringify(model).split(`"${oldBase}`).join(`"${oldBase}Copy${n}`) : JSON.stringify(model);
  const copy = JSON.parse(text) as ModelFile;
  copy.id = newId;
  copy.entity = { ...copy.entity, table: `${String(source.entity?.table ?? 'online').slice(0, 50)}_copy${n}` };
  copy.permissions = { prefix: `online:${name}:` };
  return copy as unknown as Record<string, unknown>;
}

/** The server hooks of visualdev.design: the draft's checks and versions, Copy, Versions, Diff, FormDataFields. */
export function registerVisualdevHooks(hooks: HookRegistry): void {
  hooks.register('visualdev.saveDraft', async ({ values, mode, id, db, auth }) => {
    const stored = mode === 'update' ? await storedDesign(db, id) : undefined;
    if (stored && stored.state === 1 && values.enCode !== undefined && values.enCode !== stored.en_code) throw appError('CL_ERR_DESIGN_CODE_RELEASED');
    const model = parseDesignJson(values.modelJson ?? stored?.model_json, values.enCode ?? stored?.en_code);
    // a new design is a draft (state is not writable, so its default is the hook's to set)
    const created = mode === 'create' ? { state: 0 } : {};
    if (values.modelJson === undefined) return { ...values, ...created };
    const text = JSON.stringify(model);
    return { ...values, ...created, modelJson: text, draftVersion: await saveVersion(db, id, text, auth.username) };
  });

  hooks.registerOperation('visualdev.copyDesign', async ({ record, db, context }) => {
    const source = record!;
    const { code, n } = await freeCopyCode(db, String(source.enCode));
    const model = copyModel(parseDesignJson(source.modelJson, source.enCode), code, n);
    const id = newId();
    const text = JSON.stringify(model);
    const now = nowText();
    const by = context.auth.username;
    await sql`insert into ${sql.table(DESIGN_TABLE)} (id, full_name, en_code, category, description, model_json, state, draft_version, create_by, create_time, version)
      values (${id}, ${`${String(source.fullName).slice(0, 90)} Copy${n}`}, ${code}, ${source.category ?? null}, ${source.description ?? null}, ${text}, 0, 1, ${by}, ${now}, 1)`.execute(
      db.withoutPlugins(),
    );
    await saveVersion(db, id, text, by);
    return { id, enCode: code };
  });

  hooks.registerOperation('visualdev.designVersions', async ({ record, db }) => ({ list: await listVersions(db, String(record!.id)) }));

  hooks.registerOperation(
    'visualdev.designDiff',
    async (ctx) => {
      const latest = await latestVersion(ctx.db, String(ctx.record!.id));
      const to = versionParam(ctx.query.to) ?? latest.version;
      const from = versionParam(ctx.query.from) ?? (typeof to === 'number' ? to - 1 : latest.version);
      const before = JSON.parse(await textAt(ctx, from)) as ModelFile;
      const after = JSON.parse(await textAt(ctx, to)) as ModelFile;
      return { from, to, changes: diffJson(before, after), fields: fieldChanges(before, after) };
    },
    { query: ['from', 'to'] },
  );

  hooks.registerOperation('visualdev.formDataFields', async ({ record }) => {
    const model = parseDesignJson(record!.modelJson, record!.enCode) as unknown as ModelFile;
    const fields = Object.entries(model.entity?.fields ?? {});
    return {
      list: fields.map(([name, field]) => ({
        vModel: name,
        label: field.label,
        type: field.type,
        required: field.required === true,
        dict: field.dict ?? null,
      })),
    };
  });
}
