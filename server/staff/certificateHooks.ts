import { sql } from 'kysely';
import { errorText, validationError } from '../errors.js';
import type { HookRegistry } from '../engine/hookRegistry.js';

/**
 * staff.certificateDates, the certificates' beforeSave (spec 001 §5): the issue date may not be later
 * than the expiry date. An edit that sends one of the two is checked against the stored other.
 */
export function registerCertificateHooks(hooks: HookRegistry): void {
  hooks.register('staff.certificateDates', async ({ values, mode, id, db, model, context }) => {
    if (!Object.hasOwn(values, 'issuanceDate') && !Object.hasOwn(values, 'expirationDate')) return;
    let stored: { issuanceDate?: string | null; expirationDate?: string | null } = {};
    if (mode === 'update') {
      const { rows } = await sql<{
        issuanceDate: string | null;
        expirationDate: string | null;
      }>`select issuance_date as "issuanceDate", expiration_date as "expirationDate" from ${sql.table(model.entity.table)} where id = ${id}`.execute(db);
      stored = rows[0] ?? {};
    }
    const issued = Object.hasOwn(values, 'issuanceDate') ? values.issuanceDate : stored.issuanceDate;
    const expires = Object.hasOwn(values, 'expirationDate') ? values.expirationDate : stored.expirationDate;
    if (issued && expires && String(issued) > String(expires)) {
      throw validationError([{ field: 'issuanceDate', message: errorText('CL_ERR_CERTIFICATE_DATES', context.lang) }]);
    }
  });
}
