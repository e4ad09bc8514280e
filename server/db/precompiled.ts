import { CompiledQuery, type Kysely, type RawBuilder } from 'kysely';

class Slot {
  constructor(readonly index: number) {}
}

/**
 * A query that runs on every request (identity, permission) compiled once: Kysely's builder and
 * compiler cost more than the indexed look-up itself, so build the SQL text at startup and only bind
 * new values per call. `build` receives one placeholder per argument; use them where values go.
 * Results still pass through the Kysely plugins (snake_case columns come back camelCase).
 */
export function precompile<Row, Args extends unknown[]>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any database shape: the SQL is written by the caller
  db: Kysely<any>,
  arity: Args['length'],
  build: (...slots: unknown[]) => RawBuilder<Row>,
): (...args: Args) => Promise<Row[]> {
  const compiled = build(...Array.from({ length: arity }, (_, i) => new Slot(i))).compile(db);
  const bind = compiled.parameters.map((p) => (p instanceof Slot ? p.index : -1));
  const constants = compiled.parameters;
  return async (...args) => {
    const parameters = bind.map((slot, i) => (slot >= 0 ? args[slot] : constants[i]));
    const result = await db.executeQuery<Row>(CompiledQuery.raw(compiled.sql, parameters));
    return result.rows;
  };
}
