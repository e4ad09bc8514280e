import type { HookRegistry } from '../engine/hookRegistry.js';
import { registerTreeHooks } from './treeHooks.js';

/** The named hooks of the system-data models (areas, dictionaries, bill rules, data interfaces…). */
export function registerSystemHooks(hooks: HookRegistry): void {
  registerTreeHooks(hooks);
}
