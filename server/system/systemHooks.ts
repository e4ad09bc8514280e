import type { HookRegistry } from '../engine/hookRegistry.js';
import { errorText, validationError } from '../errors.js';
import { parseCheckSteps } from './checkRules.js';
import { registerMenuHooks } from './menuHooks.js';
import { registerTreeHooks } from './treeHooks.js';

/** The named hooks of the system-data models (areas, dictionaries, bill rules, check rules, data interfaces…). */
export function registerSystemHooks(hooks: HookRegistry): void {
  registerTreeHooks(hooks);
  registerMenuHooks(hooks);
  // a check rule's steps run on the server (checkByCode): refuse what would not parse or could hang it
  hooks.register('system.checkRuleJson', ({ values, context }) => {
    if (!('ruleJson' in values)) return;
    if (!parseCheckSteps(values.ruleJson)) throw validationError([{ field: 'ruleJson', message: errorText('CL_ERR_CHECK_RULE_JSON', context.lang) }]);
  });
}
