import pg from 'pg';

/**
 * Holds a table of a PostgreSQL test database in ACCESS EXCLUSIVE mode from another connection, so that
 * every statement reading it waits, until the returned release commits. For a case about what happens while
 * the server waits for a read (SQLite's readers never wait for a lock). Releasing again does nothing.
 */
export async function lockTable(databaseUrl: string, table: string): Promise<() => Promise<void>> {
  if (!/^[a-z_]+$/.test(table)) throw new Error(`not a table name: ${table}`);
  const holder = new pg.Client({ connectionString: databaseUrl });
  await holder.connect();
  try {
    await holder.query('begin');
    await holder.query(`lock table ${table} in access exclusive mode`);
  } catch (error) {
    await holder.end();
    throw error;
  }
  let released: Promise<void> | null = null;
  return () =>
    (released ??= (async () => {
      try {
        await holder.query('commit');
      } finally {
        await holder.end();
      }
    })());
}
