import { sql, type Kysely } from 'kysely';
import { escapeLike } from '../db/dialects/escapeLike.js';
import type { Database } from '../db/schema.js';
import type { TableDictRef } from './resolveTableDict.js';

export interface ValueText {
  value: string;
  text: string;
}


// Identifiers below come only from a TableDictRef (checked against the models); the Kysely instance's
// CamelCasePlugin turns the field names into column names.
function baseQuery(db: Kysely<Database>, ref: TableDictRef, tenantId: number) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table is a model's, checked before this point, and not in Database
  let query = (db as unknown as Kysely<any>)
    .selectFrom(ref.table)
    .select([sql.ref(ref.valueField).as('value'), sql.ref(ref.textField).as('text')])
    .where(sql.ref(ref.valueField), 'is not', null);
  if (ref.tenantScoped) query = query.where(sql.ref('tenantId'), '=', tenantId);
  return query;
}

function toValueText(row: { value: unknown; text: unknown }): ValueText {
  return { value: String(row.value), text: row.text === null || row.text === undefined ? '' : String(row.text) };
}

/** Options of a table dictionary in the caller's tenant, optionally filtered by a keyword on the text. */
export async function tableDictOptions(
  db: Kysely<Database>,
  ref: TableDictRef,
  opts: { tenantId: number; keyword?: string; limit: number },
): Promise<ValueText[]> {
  let query = baseQuery(db, ref, opts.tenantId);
  if (opts.keyword) {
    const pattern = `%${escapeLike(opts.keyword.toLowerCase())}%`;
    query = query.where(sql<boolean>`lower(cast(${sql.ref(ref.textField)} as varchar(1000))) like ${pattern} escape '\\'`);
  }
  const rows = await query.orderBy(sql.ref(ref.sortField)).orderBy(sql.ref(ref.valueField)).limit(opts.limit).execute();
  return rows.map(toValueText);
}

/** value -> text for the given values (unknown values are simply absent). */
export async function tableDictTexts(db: Kysely<Database>, ref: TableDictRef, tenantId: number, values: string[]): Promise<Map<string, string>> {
  // a numeric column compared with a non-numeric text would be a driver error on PostgreSQL
  const numeric = ref.valueType === 'integer' || ref.valueType === 'number';
  const keys = numeric ? values.filter((v) => /^-?\d+(\.\d+)?$/.test(v)).map(Number) : values;
  if (keys.length === 0) return new Map();
  const rows = await baseQuery(db, ref, tenantId).where(sql.ref(ref.valueField), 'in', keys).execute();
  return new Map(rows.map((row) => [String(row.value), toValueText(row).text]));
}
