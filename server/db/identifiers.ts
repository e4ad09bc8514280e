import { createHash } from 'node:crypto';

// PostgreSQL truncates longer identifiers (SQLite has no limit); names we derive stay within it.
const MAX_IDENTIFIER = 63;

/** A derived identifier (index, trigger, shadow table), shortened with a hash when too long. */
export function shortIdentifier(full: string): string {
  if (full.length <= MAX_IDENTIFIER) return full;
  const hash = createHash('sha256').update(full).digest('hex').slice(0, 8);
  return `${full.slice(0, MAX_IDENTIFIER - hash.length - 1)}_${hash}`;
}
