import type { Kysely } from 'kysely';
import type { Lang } from '../../runtime/model/types.js';
import type { AuthContext } from '../plugins/accessPlugin.js';
import type { CompiledField, CompiledModel } from './compileModel.js';
import type { DataScope } from './dataScope.js';
import type { EngineEnv } from './engineEnv.js';
import { serverMessageIn } from '../i18n/messages.js';
import type { Translate } from '../i18n/translateText.js';
import { redactHistory } from './historyScope.js';
import { addRefTexts } from './refTexts.js';
import type { Row } from './toDictText.js';

function decoded(model: CompiledModel, field: CompiledField, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  try {
    // json is the dialect's (a native JSON column comes back parsed); a list is JSON text on every database
    if (field.def.type === 'json') return model.adapter.json.fromDb(value);
    return typeof value === 'string' ? JSON.parse(value) : value;
  } catch {
    // text written outside the engine that is not JSON: answered as stored rather than failing the whole read
    return value;
  }
}

/** json and list fields of rows read from the table, as values (an object, an array), in place. */
export function decodeStructured<T extends Row>(model: CompiledModel, rows: T[]): T[] {
  const present = rows.length === 0 ? [] : model.structured.filter((f) => f.name in rows[0]!);
  for (const field of present) for (const row of rows) (row as Row)[field.name] = decoded(model, field, row[field.name]);
  return rows;
}

/** Who rows are presented to: their language, the tenant whose records references may name, and the caller (whose roles may hide a label's field). */
export interface Presentation {
  lang: Lang;
  tenantId: number;
  auth: AuthContext;
  /** the caller's scope on the model: on the recycle bin and the change log it says which fields of each entry's model to leave out */
  scope?: Pick<DataScope, 'history'>;
}

export interface PresentOptions {
  /** the fields a projection kept (default: all of the model's) */
  fields?: readonly CompiledField[];
  /** where reference labels are read: a transaction's own connection when the rows were read inside one */
  db?: Kysely<unknown>;
}

/**
 * Rows as the API answers them: json and list fields parsed, dictionary texts and reference labels
 * added (`<field>_dictText`); entries of the recycle bin and the change log without the fields the
 * caller may not see on their model (historyScope.ts).
 */
export async function presentRows<T extends Row>(
  env: EngineEnv,
  model: CompiledModel,
  rows: T[],
  view: Presentation,
  options: PresentOptions = {},
): Promise<T[]> {
  const kept = options.fields;
  const pick = (fields: CompiledField[]) => (kept ? fields.filter((f) => kept.includes(f)) : fields);
  const decoded = redactHistory(model, decodeStructured(model, rows), view.scope?.history);
  if (model.tenancy?.present && decoded.length > 0) await model.tenancy.present(decoded, { db: options.db ?? env.reader, tenantId: view.tenantId });
  const hiddenOn = async (target: CompiledModel) => (await env.scopeOf(view.auth, target)).fields?.hidden;
  await addRefTexts({ db: options.db ?? env.reader, tenantId: view.tenantId, modelOf: env.modelOf, hiddenOn }, decoded, pick(model.refFields));
  translateMessages(decoded, pick([...model.fields.values()].filter((f) => f.def.serverMessage === true)), view.lang, env.translate);
  return env.toDictText(decoded, pick(model.dictFields), view.lang);
}

/** (version 16) serverMessage fields: a stored server message in the reader's language, in place. */
function translateMessages(rows: Row[], fields: CompiledField[], lang: Lang, translate: Translate): void {
  if (lang === 'zh-CN') return;
  // a message's texts (an operation line's model title and button name) are read through the shared catalogue
  const textIn = (zhText: string) => translate(zhText, lang);
  for (const field of fields) {
    for (const row of rows) {
      const value = row[field.name];
      if (typeof value === 'string') row[field.name] = serverMessageIn(value, lang, textIn);
    }
  }
}
