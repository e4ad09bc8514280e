import type { AppConfig } from '../config.js';
import type { HookRegistry } from '../engine/hookRegistry.js';
import { registerCertificateHooks } from './certificateHooks.js';
import { registerMemberHooks } from './memberHooks.js';

/** The named hooks of the staff module (schemas/staff): the staff record and its certificates. */
export function registerStaffHooks(hooks: HookRegistry, config: Pick<AppConfig, 'passwordMinLength' | 'dataDir'>): void {
  registerMemberHooks(hooks, config);
  registerCertificateHooks(hooks);
}
