import type { UpsertRole } from '../DbAdapter.js';
import { insertOnConflictDoNothing, insertOnConflictDoUpdate } from '../upsertSql.js';

export const postgresUpsert: UpsertRole = {
  insertIgnoring: insertOnConflictDoNothing,
  upsert: insertOnConflictDoUpdate,
};
