import type { Lang } from '../../runtime/model/types.js';
import type { AuthContext } from '../plugins/accessPlugin.js';
import type { DataScope } from './dataScope.js';

/**
 * What every engine read and write of one model receives: who asks, in which tenant and language,
 * and which rows their roles let them reach. No code path reads or writes a model's rows without one.
 * (Its own file: hooks need the type, and context.ts depends on the compiled model that holds the hooks.)
 */
export interface EngineContext {
  auth: AuthContext;
  tenantId: number;
  lang: Lang;
  scope: DataScope;
}
