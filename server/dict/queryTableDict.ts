import { sql, type Kysely, type RawBuilder } from 'kysely';
import { escapeLike } from '../db/dialects/escapeLike.js';
import { scopeConditions, type ReadScope } from '../engine/whereSql.js';
import type { TableDictRef } from './resolveTableDict.js';

export interface ValueText {
  value: string;
  text: string;
}

interface Row {
  value: unknown;
  text: unknown;
}

// Every identifier below is the compiled model's (resolveTableDict), every value a bound parameter.
// The tenant and the caller's data scope bound every read, as they bound the model's own list.
function where(ref: TableDictRef, scope: ReadScope, extra: RawBuilder<unknown>[]): RawBuilder<unknown> {
  return sql.join([sql`${ref.value.ref} is not null`, ...scopeConditions(ref.model, scope), ...extra], sql` and `);
}

function select(ref: TableDictRef, scope: ReadScope, extra: RawBuilder<unknown>[]): RawBuilder<unknown> {
  return sql`select ${ref.value.ref} as ${sql.id('value')}, ${ref.text.ref} as ${sql.id('text')} from ${ref.model.table} where ${where(ref, scope, extra)}`;
}

function toValueText(row: Row): ValueText {
  return { value: String(row.value), text: row.text === null || row.text === undefined ? '' : String(row.text) };
}

/** Options of a table dictionary in the caller's tenant and scope, optionally filtered by a keyword on the text. */
export async function tableDictOptions(
  reader: Kysely<unknown>,
  ref: TableDictRef,
  scope: ReadScope,
  opts: { keyword?: string; limit: number },
): Promise<ValueText[]> {
  const extra: RawBuilder<unknown>[] = [];
  if (opts.keyword) {
    const pattern = `%${escapeLike(opts.keyword.toLowerCase())}%`;
    extra.push(sql`lower(cast(${ref.text.ref} as varchar(1000))) like ${pattern} escape '\\'`);
  }
  // the model's declared list order (what its list shows anyway), else the text a picker searches in
  const order = ref.model.model.entity.defaultSort ? ref.model.defaultSort.field : ref.text;
  const query = sql<Row>`${select(ref, scope, extra)} order by ${order.ref}, ${ref.value.ref} limit ${opts.limit}`;
  return (await query.execute(reader)).rows.map(toValueText);
}

/** value -> text for the given values (unknown values and values outside the scope are simply absent). */
export async function tableDictTexts(reader: Kysely<unknown>, ref: TableDictRef, scope: ReadScope, values: string[]): Promise<Map<string, string>> {
  // a numeric column compared with a non-numeric text would be a driver error on PostgreSQL
  const numeric = ref.value.def.type === 'integer' || ref.value.def.type === 'number';
  const keys = numeric ? values.filter((v) => /^-?\d+(\.\d+)?$/.test(v)).map(Number) : values;
  if (keys.length === 0) return new Map();
  const { rows } = await sql<Row>`${select(ref, scope, [sql`${ref.value.ref} in (${sql.join(keys)})`])}`.execute(reader);
  return new Map(rows.map((row) => [String(row.value), toValueText(row).text]));
}
