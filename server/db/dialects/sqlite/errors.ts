import type { ErrorsRole } from '../DbAdapter.js';

interface SqliteError {
  code?: string;
  message?: string;
}

export const sqliteErrors: ErrorsRole = {
  uniqueViolation(error) {
    const e = error as SqliteError;
    if (e?.code !== 'SQLITE_CONSTRAINT_UNIQUE' && e?.code !== 'SQLITE_CONSTRAINT_PRIMARYKEY') return null;
    // better-sqlite3 names no index: "UNIQUE constraint failed: t.tenant_id, t.en_code"
    const list = /constraint failed: (.*)$/.exec(e.message?.trim() ?? '')?.[1] ?? '';
    return {
      index: null,
      columns: list
        .split(',')
        .map((c) => c.trim().replace(/^.*\./, ''))
        .filter(Boolean),
    };
  },
  foreignKeyViolation: (error) => (error as SqliteError)?.code === 'SQLITE_CONSTRAINT_FOREIGNKEY',
};
