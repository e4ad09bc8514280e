import type { HookRegistry } from '../../../runtime';
import type { HttpClient } from '../../../runtime/data/HttpClient';
import { saveBlob } from '../../../runtime/render/list/tools/saveBlob';

/** where the server writes the assessor's workbook (server/api/staffAssessorExport.ts) */
export const ASSESSOR_EXPORT_URL = '/admin/user/exportAssessor';

/**
 * staff.assessorExport, a toolbar action of the staff list: downloads every staff record the user may read,
 * with its sub-records, as one workbook for an assessor (the server checks the permission and scope).
 */
export function registerStaffExport(hooks: HookRegistry, http: HttpClient, fileName: () => string): void {
  hooks.register('action', 'staff.assessorExport', async () => {
    saveBlob((await http.get<Blob>(ASSESSOR_EXPORT_URL, {}, { responseType: 'blob' })).data, fileName());
  });
}
