import type { AppConfig } from '../config.js';
import type { HookRegistry } from '../engine/hookRegistry.js';
import { registerGrantChecks } from './grantReach.js';
import { registerOnlineUserOperations, type AnnounceSignOut } from './onlineUsers.js';
import { registerOrganizeOperations } from './organizeOperations.js';
import { registerRoleAuthorize } from './roleAuthorize.js';
import { registerRoleOperations } from './roleOperations.js';
import { registerTenancyHooks } from './tenancyHooks.js';
import { registerUserOperations } from './userOperations.js';

/** The named operations and tenancy hooks of the permission family's models (users, roles, positions, organisations, departments). */
export function registerPermissionOperations(
  hooks: HookRegistry,
  config: Pick<AppConfig, 'passwordMinLength' | 'session'>,
  announceSignOut: AnnounceSignOut,
): void {
  registerTenancyHooks(hooks);
  registerOnlineUserOperations(hooks, config.session, announceSignOut);
  registerUserOperations(hooks, config);
  registerRoleOperations(hooks);
  registerRoleAuthorize(hooks);
  registerGrantChecks(hooks);
  registerOrganizeOperations(hooks);
}
