import type { Kysely } from 'kysely';
import type { DbHandle } from '../db/createDb.js';
import type { Database } from '../db/schema.js';
import type { QuickReads, SlowReads } from '../db/slowReads.js';
import type { DictCache, DictItem } from '../dict/dictCache.js';
import type { Translate } from '../i18n/translateText.js';
import type { AuthContext } from '../plugins/accessPlugin.js';
import { createContextFor, type ContextFor, type ScopeOf } from './context.js';
import { createScopeOf } from './dataScopeCache.js';
import { withTabParents, type TabParentsOf } from './tabScope.js';
import { withHistoryTargets, type ServedModelsOf } from './historyScope.js';
import { heldPermissions } from '../auth/holdsPermission.js';
import { createIdentityGenerationRead } from '../db/identityGeneration.js';
import { createImportReports, type ImportReports } from './importReports.js';
import type { PageAnchors } from './pageAnchors.js';
import { createPageStatements, type PageStatements } from './pageStatements.js';
import { createTableCache, createTableGenerations, type TableCache, type TableGenerations } from './tableCache.js';
import type { ModelOf } from './refTexts.js';
import { createDictTexts, type ToDictText } from './toDictText.js';

/** What the engine's reads and writes share within one app. */
export interface EngineEnv {
  db: Kysely<Database>;
  /**
   * The same connection without the CamelCasePlugin, for the engine's raw reads: their columns are
   * already snake_case and aliased to field names, and walking every list query's SQL tree through
   * the plugin cost a measurable share of a list request (npm run bench).
   */
  reader: Kysely<unknown>;
  /** reads that may visit many rows (counts, deep or selective pages) run here, off the event loop */
  slow: SlowReads;
  /** short reads of committed data outside transactions (a page by the sort index, one record), prepared once */
  quick: QuickReads;
  translate: Translate;
  toDictText: ToDictText;
  /** a dictionary's enabled items (imports turn texts back into codes) */
  dictItems(code: string): Promise<DictItem[]>;
  /** error reports of rejected imports, under the data folder */
  reports: ImportReports;
  /** a write through the engine bumps its table here, which invalidates totals and anchors */
  generations: TableGenerations;
  totals: TableCache<number>;
  anchors: TableCache<PageAnchors>;
  /**
   * per keyword, how many rows of a table its text index lists (readRecords.ts: the rows a scan from
   * the index visits, whichever tenant reads); a planning estimate, never answered to a client
   */
  indexMatches: TableCache<number>;
  /** compiled statements of recent list pages, per model and data scope (pageStatements.ts) */
  pages: PageStatements;
  /** how a filter's page is read where a bounded walk of the sort index decided it (readRecords.ts) */
  walks: TableCache<WalkOutcome>;
  /** the engine context of a request for one model: every read and write of the model takes one */
  contextFor: ContextFor;
  /** the compiled model a reference names, as served now (the model store sets it when it opens) */
  modelOf: ModelOf;
  /** a user's data scope on any model (the cache contextFor reads), for hooks acting on another model's records */
  scopeOf: ScopeOf;
  /** the served models showing a model as a sub-record tab (the model store sets it when it opens): their scope bounds its rows */
  tabParentsOf: TabParentsOf;
  /** every model served now (the model store sets it when it opens): the recycle bin and the change log follow theirs */
  servedModels: ServedModelsOf;
  /**
   * Whether the user may read the stored file `name` (server/api/fileAccess.ts, which the app sets; none
   * until then): a write may put into a file-kind field only such files (fileReferences.ts). `db` is the
   * executor to read with (a write's transaction).
   */
  fileReadable(auth: AuthContext, name: string, db: Kysely<Database>): Promise<boolean>;
}

/**
 * What a bounded walk of the sort index found for one filter and page reach (readRecords.ts): the
 * walk filled the page within its bound ('walk'), or the matches lie further down the sort order
 * than their density predicts and the page is read by the text index ('scan').
 */
export type WalkOutcome = 'walk' | 'scan';

/** One per app: the caches start empty and are shared by every model the store holds. */
export function createEngineEnv(handle: DbHandle, translate: Translate, dicts: DictCache, dataDir: string): EngineEnv {
  const generations = createTableGenerations();
  const reader = handle.db.withoutPlugins() as unknown as EngineEnv['reader'];
  // a request carries the generation it was identified under; anything else (a job) reads it
  const readIdentityGeneration = createIdentityGenerationRead(reader, handle.quickReads);
  const ownScopeOf = createScopeOf(reader, generations, (auth) =>
    auth.identityGeneration !== undefined ? Promise.resolve(auth.identityGeneration) : readIdentityGeneration(),
  );
  const scopeOf = withHistoryTargets(
    withTabParents(ownScopeOf, (id) => env.tabParentsOf(id)),
    () => env.servedModels(),
    (auth, codes) => heldPermissions(handle.db, auth, codes),
  );
  const env: EngineEnv = {
    db: handle.db,
    reader,
    slow: handle.slowReads,
    quick: handle.quickReads,
    translate,
    toDictText: createDictTexts(dicts, translate),
    dictItems: (code) => dicts.items(code),
    reports: createImportReports(dataDir),
    generations,
    totals: createTableCache<number>({ generations }),
    // anchor sets are larger (up to ~2,000 rows each): keep fewer of them
    anchors: createTableCache({ generations, maxEntries: 200 }),
    walks: createTableCache<WalkOutcome>({ generations, maxEntries: 1_000 }),
    indexMatches: createTableCache<number>({ generations, maxEntries: 1_000 }),
    pages: createPageStatements(),
    contextFor: createContextFor(scopeOf),
    modelOf: () => undefined,
    scopeOf,
    tabParentsOf: () => [],
    servedModels: () => [],
    fileReadable: () => Promise.resolve(false),
  };
  return env;
}
