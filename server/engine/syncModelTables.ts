import type { DbHandle } from '../db/createDb.js';
import type { ModuleSet } from './loadModules.js';

// PLACEHOLDER: being written in parallel; replaced before the first landing.
export async function syncModelTables(_db: DbHandle, _modules: ModuleSet): Promise<void> {}
