import { CompiledQuery, sql, type Kysely } from 'kysely';
import { ReadOnlyRunError, type ReadOnlyRunner } from '../../readOnlyRunner.js';

const QUERY_CANCELED = '57014';
const READ_ONLY_TRANSACTION = '25006';

/**
 * PostgreSQL's read-only runner: each statement runs in its own READ ONLY transaction with a local
 * statement_timeout (set_config(..., true) ends with the transaction, so the pooled connection keeps its own).
 */
export function createPostgresReadOnlyRunner(db: Kysely<unknown>): ReadOnlyRunner {
  let schema: Promise<string> | null = null;
  return {
    // statement_timeout stops any statement; PostgreSQL inlines a WITH query read once and materialises one read twice, both fine
    shadow: { as: 'as', rowCheck: null },
    schema() {
      schema ??= sql<{ s: string }>`select current_schema() as s`.execute(db).then((r) => r.rows[0]!.s);
      return schema;
    },
    async tableNames() {
      const { rows } = await sql<{
        name: string;
      }>`select lower(c.relname) as name from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace where c.relkind in ('r', 'v', 'm', 'p', 'f') and n.nspname in (current_schema(), 'pg_catalog')`.execute(
        db,
      );
      return new Set(rows.map((r) => r.name));
    },
    async run(query, limits) {
      try {
        return await db.transaction().execute(async (trx) => {
          await sql`set transaction read only`.execute(trx);
          await sql`select set_config('statement_timeout', ${String(limits.timeoutMs)}, true)`.execute(trx);
          const { rows } = await trx.executeQuery<Record<string, unknown>>(CompiledQuery.raw(query.sql, [...query.parameters]));
          return { rows: rows.slice(0, limits.maxRows), truncated: rows.length > limits.maxRows };
        });
      } catch (error) {
        if ((error as { databaseUnavailable?: boolean }).databaseUnavailable) throw error;
        const code = (error as { code?: string }).code;
        if (code === QUERY_CANCELED) throw new ReadOnlyRunError('timeout', 'statement timeout');
        if (code === READ_ONLY_TRANSACTION) throw new ReadOnlyRunError('write', 'the statement tried to write');
        throw new ReadOnlyRunError('failed', (error as Error).message);
      }
    },
    close: async () => {},
  };
}
