import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Translate } from '../i18n/translateText.js';
import type { TotalCache } from './totalCache.js';
import type { ToDictText } from './toDictText.js';

/** What the engine's reads and writes share within one app. */
export interface EngineEnv {
  db: Kysely<Database>;
  translate: Translate;
  toDictText: ToDictText;
  totals: TotalCache;
}
