import type { BeforeSaveContext } from '../engine/hookRegistry.js';

/**
 * The record a write makes, as a beforeSave hook must check it: the sent values alone on a create, the
 * stored row with the sent values over it on an update (a partial update is checked as the whole record).
 */
export async function wholeRecord({ values, mode, db, model, id }: BeforeSaveContext): Promise<Record<string, unknown>> {
  if (mode !== 'update') return values;
  const stored = await db
    .selectFrom(model.entity!.table as never)
    .selectAll()
    .where('id' as never, '=', id as never)
    .executeTakeFirst();
  return { ...(stored as Record<string, unknown> | undefined), ...values };
}
