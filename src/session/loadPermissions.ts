import type { HttpClient } from '../../runtime/data/HttpClient';
import type { SessionStore } from './createSessionStore';
import type { PermissionResult } from './types';

/**
 * Thrown when the server answers without a menu or with an empty one (spec 000 §6: "If no menu is returned,
 * the system rejects with a message that permissions must be a non-null array"): a user without any menu
 * cannot use the shell, and the guard signs them out with that message.
 */
export class MissingMenuError extends Error {
  constructor() {
    super('getUserPermissionByToken: permissions must be a non-null array');
    this.name = 'MissingMenuError';
  }
}

/** GET /sys/permission/getUserPermissionByToken → menu, auth, allAuth into the session. */
export async function loadPermissions(http: HttpClient, session: SessionStore): Promise<void> {
  const { data } = await http.get<Partial<PermissionResult> | null>('/sys/permission/getUserPermissionByToken', undefined, { silent: true });
  if (!data || !Array.isArray(data.menu) || data.menu.length === 0) throw new MissingMenuError();
  session.setPermissions({ menu: data.menu, auth: data.auth ?? [], allAuth: data.allAuth ?? [] });
}
