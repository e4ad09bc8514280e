import type { ErrorsRole } from '../DbAdapter.js';

interface PostgresError {
  code?: string;
  constraint?: string;
}

// SQLSTATE class 23, integrity constraint violation
const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

export const postgresErrors: ErrorsRole = {
  uniqueViolation(error) {
    const e = error as PostgresError;
    return e?.code === UNIQUE_VIOLATION ? { index: e.constraint ?? null, columns: [] } : null;
  },
  foreignKeyViolation: (error) => (error as PostgresError)?.code === FOREIGN_KEY_VIOLATION,
};
