import { sql, type Transaction } from 'kysely';
import type { DbHandle } from '../db/createDb.js';
import type { Database } from '../db/schema.js';
import { newId } from '../db/ids.js';
import { nowText } from '../db/timestamps.js';
import type { ModelStore } from '../engine/store/modelStore.js';
import { DESIGN_TABLE } from './designRules.js';
import { saveVersion } from './designVersions.js';
import { releaseDesignIn } from './releaseDesign.js';
import sampleReceipt from './samples/sampleReceipt.model.json' with { type: 'json' };
import sampleItem from './samples/sampleReceiptItem.model.json' with { type: 'json' };

/**
 * "Sample receipt" (样品收样), the worked example a fresh install ships as a released design: a bill
 * number, a dictionary select, a date, an image, a computed amount, two search fields and a sub-record
 * tab (收样明细, its test items). The files are seed data, stored as designs, never served as files.
 */
export const SAMPLE_RECEIPT_ITEM = sampleItem as { id: string; title: string };
export const SAMPLE_RECEIPT = sampleReceipt as { id: string; title: string };

async function insertDesign(trx: Transaction<Database>, model: { id: string; title: string }): Promise<string> {
  const id = newId();
  const text = JSON.stringify(model);
  const version = await saveVersion(trx, id, text, 'system');
  await sql`insert into ${sql.table(DESIGN_TABLE)} (id, full_name, en_code, category, model_json, state, draft_version, create_by, create_time, version)
    values (${id}, ${model.title}, ${model.id}, ${null}, ${text}, 0, ${version}, ${'system'}, ${nowText()}, 1)`.execute(trx.withoutPlugins());
  return id;
}

/**
 * On a fresh install (no design stored yet), stores the worked example as two designs and releases
 * them, child first (the receipt's tab names it), in one transaction. An install whose admin deleted every design gets
 * it again at the next start only if its model was never released either.
 */
export async function seedSampleReceipt(handle: DbHandle, store: ModelStore): Promise<void> {
  const { rows } = await sql`select 1 as hit from ${sql.table(DESIGN_TABLE)} limit 1`.execute(handle.db.withoutPlugins());
  if (rows.length > 0 || store.current().entries.has(SAMPLE_RECEIPT.id)) return;
  // both designs and both releases in one transaction: a failed seed leaves nothing half-made
  await store.transaction(async (scope) => {
    const itemId = await insertDesign(scope.trx, SAMPLE_RECEIPT_ITEM);
    const receiptId = await insertDesign(scope.trx, SAMPLE_RECEIPT);
    await releaseDesignIn(scope, itemId, { confirm: false, by: 'system' });
    await releaseDesignIn(scope, receiptId, { confirm: false, by: 'system' });
  });
  store.env.generations.bump(DESIGN_TABLE);
}
