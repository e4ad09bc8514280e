import { createHookRegistry, type HookRegistry } from '../../../../../runtime/hooks/createHookRegistry';
import { registerPermissionHooks } from '../../../../../src/modules/permission/permissionHooks';
import { unreachableHttp } from './testRuntime';

/**
 * The client hooks that the shipped system models name (onlineUser.model.json's 当前会话 cell, dataRule's 预览…), registered as
 * the app registers them: the runtime refuses to load a model whose hooks are missing, so a renderer test over a
 * shipped system model needs them even when it never clicks them.
 */
export function systemModelHooks(): HookRegistry {
  const hooks = createHookRegistry();
  registerPermissionHooks(hooks, unreachableHttp, (key) => key);
  return hooks;
}
