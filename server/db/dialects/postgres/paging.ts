import type { PagingRole } from '../DbAdapter.js';

export const postgresPaging: PagingRole = {
  nullsFirstAscending: false,
  // PostgreSQL's planner weighs a sort-index walk against a scan and sort from its statistics by itself
  scanPlans: false,
  unindexed: (term) => term,
};
