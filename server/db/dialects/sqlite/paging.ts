import { sql } from 'kysely';
import type { PagingRole } from '../DbAdapter.js';

export const sqlitePaging: PagingRole = {
  nullsFirstAscending: true,
  // SQLite's planner takes any index that matches the ORDER BY; a unary + makes a term an
  // expression no index matches, which is how a query asks for a scan and a sort instead.
  scanPlans: true,
  unindexed: (term) => sql`+${term}`,
};
