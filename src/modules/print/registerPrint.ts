import type { HookRegistry } from '../../../runtime';
import { requestPrint } from './printRequests';

/**
 * The print module's client hook: devPlatform.printRecord, a row action a list names to print its rows
 * through the print templates bound to its model (the dialog loads with the first print).
 */
export function registerPrint(hooks: HookRegistry): void {
  hooks.register('action', 'devPlatform.printRecord', ({ served, record }) => {
    if (record) requestPrint({ modelId: served.model.id, recordId: String(record.id) });
  });
}
