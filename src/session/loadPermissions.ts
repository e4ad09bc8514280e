import type { HttpClient } from '../../runtime/data/HttpClient';
import type { SessionStore } from './createSessionStore';
import type { PermissionResult } from './types';

/** Thrown when the server answers without a menu (spec 000 §6: permissions must be a non-null array). */
export class MissingMenuError extends Error {
  constructor() {
    super('getUserPermissionByToken: permissions must be a non-null array');
    this.name = 'MissingMenuError';
  }
}

/** GET /sys/permission/getUserPermissionByToken → menu, auth, allAuth into the session. */
export async function loadPermissions(http: HttpClient, session: SessionStore): Promise<void> {
  const { data } = await http.get<Partial<PermissionResult> | null>('/sys/permission/getUserPermissionByToken', undefined, { silent: true });
  if (!data || !Array.isArray(data.menu)) throw new MissingMenuError();
  session.setPermissions({ menu: data.menu, auth: data.auth ?? [], allAuth: data.allAuth ?? [] });
}
