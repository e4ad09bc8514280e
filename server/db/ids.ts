import { v7 as uuidv7 } from 'uuid';

/** Time-ordered ids keep b-tree inserts at the right edge of the index. */
export function newId(): string {
  return uuidv7();
}
