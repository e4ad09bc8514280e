import Database from 'better-sqlite3';
import type { CompiledRead, QuickReads } from '../../slowReads.js';
import { createRowShapes, type RowShapes } from './rowShapes.js';

/**
 * Short indexed reads (the identity check, a list page found by the sort index, one record) on a
 * read-only connection of the main thread, run synchronously from a prepared-statement cache. Going
 * through Kysely's driver costs each read a mutex and several promise hops on the one connection every
 * request shares, which measured as much as the read itself (npm run bench:list). A separate
 * connection in WAL mode sees exactly what has been committed, so it never reads another request's
 * transaction half-way; reads inside a transaction stay on the transaction.
 *
 * Rows are read as arrays and turned into objects here (rowShapes.ts): better-sqlite3 builds each
 * row object natively, naming every column of every row again, which cost a 20-row page of 13
 * columns about a third of its read (npm run bench:cpu).
 */
export function createSqliteQuickReads(file: string, onQuery?: (sql: string, durationMs: number) => void, maxStatements = 500): QuickReads {
  let connection: Database.Database | null = null;
  let shapes: RowShapes | null = null;
  const statements = new Map<string, Database.Statement>();

  function statementFor(sql: string): Database.Statement {
    connection ??= new Database(file, { readonly: true, fileMustExist: true });
    let statement = statements.get(sql);
    if (statement) {
      statements.delete(sql);
    } else {
      statement = connection.prepare(sql);
      if (statements.size >= maxStatements) statements.delete(statements.keys().next().value!);
    }
    statements.set(sql, statement);
    return statement;
  }

  return {
    all<Row>(query: CompiledRead): Promise<Row[]> {
      try {
        const started = onQuery ? performance.now() : 0;
        const statement = statementFor(query.sql);
        shapes ??= createRowShapes(connection!);
        const rows = shapes.all(statement, query.parameters as unknown[]) as Row[];
        onQuery?.(query.sql, performance.now() - started);
        return Promise.resolve(rows);
      } catch (error) {
        return Promise.reject(error as Error);
      }
    },
    async close() {
      statements.clear();
      shapes = null;
      connection?.close();
      connection = null;
    },
  };
}
