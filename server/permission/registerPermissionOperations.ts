import type { AppConfig } from '../config.js';
import type { HookRegistry } from '../engine/hookRegistry.js';
import { registerOrganizeOperations } from './organizeOperations.js';
import { registerRoleOperations } from './roleOperations.js';
import { registerUserOperations } from './userOperations.js';

/** The named operations of the permission family's models (users, roles, positions, organisations, departments). */
export function registerPermissionOperations(hooks: HookRegistry, config: Pick<AppConfig, 'passwordMinLength'>): void {
  registerUserOperations(hooks, config);
  registerRoleOperations(hooks);
  registerOrganizeOperations(hooks);
}
