import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { CompiledRead, QuickReads } from '../../slowReads.js';
import { markUnavailable } from './connection.js';

/** "cached plan must not change result type": a table under a prepared statement changed shape. */
const CACHED_PLAN_CHANGED = '0A000';
const MAX_NAMED_STATEMENTS = 500;

/**
 * Short indexed reads as named prepared statements on the pool: each connection parses and plans a
 * statement once instead of on every request. The identity check alone (a session, its user, tenant
 * and permission sub-queries) took longer to plan than to run (npm run bench:list). The name is a
 * digest of the SQL text, so the same text always maps to the same statement on every connection.
 */
export function createPostgresQuickReads(pool: pg.Pool, onQuery?: (sql: string, durationMs: number) => void): QuickReads {
  const names = new Map<string, string>();
  // Each connection keeps every statement it prepared until it closes: name only the first
  // MAX_NAMED_STATEMENTS texts (the hot ones arrive first: identity, the common list pages) and run
  // rarer shapes unnamed, so no connection accumulates statements without bound.
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (!name && names.size < MAX_NAMED_STATEMENTS) {
      name = `cl_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
      names.set(text, name);
    }
    return name;
  };
  const run = async <Row>(text: string, values: unknown[], name?: string): Promise<Row[]> => {
    const client = await pool.connect().catch((error: unknown) => Promise.reject(markUnavailable(error)));
    try {
      const result = await client.query(name ? { name, text, values } : { text, values });
      return result.rows as Row[];
    } finally {
      client.release();
    }
  };
  return {
    async all<Row>(query: CompiledRead): Promise<Row[]> {
      const started = onQuery ? performance.now() : 0;
      const values = [...query.parameters];
      let rows: Row[];
      try {
        rows = await run<Row>(query.sql, values, nameOf(query.sql));
      } catch (error) {
        // a release altered the table since this connection prepared the statement: plan it afresh
        if ((error as { code?: string }).code !== CACHED_PLAN_CHANGED) throw error;
        rows = await run<Row>(query.sql, values);
      }
      onQuery?.(query.sql, performance.now() - started);
      return rows;
    },
    async close() {},
  };
}
