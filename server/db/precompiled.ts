import { CompiledQuery, type Kysely, type RawBuilder } from 'kysely';
import type { QuickReads } from './slowReads.js';

class Slot {
  constructor(readonly index: number) {}
}

/** snake_case column names as the CamelCasePlugin would answer them, converted once per name. */
function createCamelRows(): <Row>(rows: Record<string, unknown>[]) => Row[] {
  const names = new Map<string, string>();
  const camel = (name: string) => {
    let converted = names.get(name);
    if (converted === undefined) names.set(name, (converted = name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())));
    return converted;
  };
  return <Row>(rows: Record<string, unknown>[]) =>
    rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (const key in row) out[camel(key)] = row[key];
      return out as Row;
    });
}

/**
 * A query that runs on every request (identity, permission) compiled once: Kysely's builder and
 * compiler cost more than the indexed look-up itself, so build the SQL text at startup and only bind
 * new values per call. `build` receives one placeholder per argument; use them where values go.
 * Rows come back with camelCase keys, as through the Kysely plugins. With `quick` the query runs as
 * a prepared quick read (committed data only: never for a read inside a transaction).
 */
export function precompile<Row, Args extends unknown[]>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any database shape: the SQL is written by the caller
  db: Kysely<any>,
  arity: Args['length'],
  build: (...slots: unknown[]) => RawBuilder<Row>,
  quick?: QuickReads,
): (...args: Args) => Promise<Row[]> {
  const compiled = build(...Array.from({ length: arity }, (_, i) => new Slot(i))).compile(db);
  const bind = compiled.parameters.map((p) => (p instanceof Slot ? p.index : -1));
  const constants = compiled.parameters;
  const parametersOf = (args: Args) => bind.map((slot, i) => (slot >= 0 ? args[slot] : constants[i]));
  if (quick) {
    const camelRows = createCamelRows();
    return async (...args) => camelRows<Row>(await quick.all<Record<string, unknown>>({ sql: compiled.sql, parameters: parametersOf(args) }));
  }
  return async (...args) => (await db.executeQuery<Row>(CompiledQuery.raw(compiled.sql, parametersOf(args)))).rows;
}
