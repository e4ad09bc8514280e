import { sql, type RawBuilder } from 'kysely';
import { escapeLike } from '../db/dialects/escapeLike.js';
import type { CompiledModel } from './compileModel.js';
import type { FieldAccess } from './fieldAccess.js';

/** Any of the columns contains the text, case-insensitively, on both databases (the text's wildcards are escaped). */
export function containsSql(columns: string[], text: string): RawBuilder<unknown> {
  const pattern = `%${escapeLike(text.toLowerCase())}%`;
  return sql`(${sql.join(
    columns.map((c) => sql`lower(${sql.ref(c)}) like ${pattern} escape '\\'`),
    sql` or `,
  )})`;
}

/**
 * A search of hand-written reads (pickers, selectors) over some of a model's fields, left to the fields
 * the caller may see: a field their roles hide (field access) is not searched, as the generic keyword
 * leaves it out, so which rows a search finds never spells out a hidden value; with every one hidden it
 * matches nothing. A name that is no readable field of the model is a programming error.
 */
export function visibleContainsSql(model: CompiledModel, fields: readonly string[], text: string, access: FieldAccess | undefined): RawBuilder<unknown> {
  const columns = fields.flatMap((name) => {
    const field = model.fields.get(name);
    if (!field?.readable) throw new Error(`${model.model.id} has no readable field "${name}" to search`);
    return access?.hidden.has(name) ? [] : [field.column];
  });
  return columns.length > 0 ? containsSql(columns, text) : sql`1 = 0`;
}
