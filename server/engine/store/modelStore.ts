import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { ModelFile } from '../../../runtime/model/types.js';
import type { DbHandle } from '../../db/createDb.js';
import type { Database } from '../../db/schema.js';
import type { OpenModelChannel } from '../../db/modelChannel.js';
import { appError } from '../../errors.js';
import type { Dispatcher } from '../../plugins/accessPlugin.js';
import type { SchemaProblem } from '../checkModel.js';
import { compileModel, type CompiledModel } from '../compileModel.js';
import type { EngineEnv } from '../engineEnv.js';
import type { HookRegistry } from '../hookRegistry.js';
import { createModelFileCheck, formatProblem, upgradeModelFile, type LoadedModule, type ModuleSet } from '../loadModules.js';
import { lookupRoutes } from '../lookupRoutes.js';
import { modelMenuKeys } from '../moduleRows.js';
import { namedOperationRoutes } from '../namedOperationRoutes.js';
import { operationRoutes } from '../operationRoutes.js';
import { withOwnerReads } from '../ownerReads.js';
import { syncModelTable } from '../syncModelTables.js';
import { storedModelMenus, syncModelPermissions } from '../syncModuleData.js';
import { checkRelease } from './checkRelease.js';
import { checksumOf, readReleasedRow, readReleasedRows, writeReleasedRow, type ReleasedRow } from './releasedModels.js';
import { createRouteTable, type ModelRoute, type RouteTable } from './routeTable.js';
import { tabParentsIn } from '../tabScope.js';

/** One model as the store serves it, compiled once. */
export interface StoredModel {
  readonly model: ModelFile;
  readonly compiled: CompiledModel;
  readonly routes: readonly ModelRoute[];
  /** 0: the module file; n: the n-th release in sys_model */
  readonly version: number;
  readonly checksum: string;
}

/**
 * Everything a request needs about the models, as of one moment. Never changed after it is built: a
 * release builds the next one and swaps the reference, so a request that matched its endpoint in this
 * snapshot finishes with this snapshot's compiled model.
 */
export interface ModelSnapshot {
  readonly serial: number;
  readonly entries: ReadonlyMap<string, StoredModel>;
  /** the module view other parts read (app.ctx.modules): file modules with the released models in place */
  readonly modules: ModuleSet;
  readonly routes: RouteTable;
}

export interface ReleaseResult {
  id: string;
  version: number;
  checksum: string;
  /** false when the same file was already the current version (nothing was done) */
  changed: boolean;
}

/**
 * One database transaction in which several models are released together (a module import, a release
 * that drops columns): each release is checked against the models served plus the scope's earlier
 * releases, and none is served until the transaction commits. If the work throws, the transaction
 * rolls back (tables, columns, permissions, stored releases: both supported dialects roll back DDL)
 * and nothing is served.
 */
export interface ReleaseScope {
  readonly trx: Transaction<Database>;
  /** the handle with its db replaced by the transaction, for helpers that take a DbHandle */
  readonly handle: DbHandle;
  /** the model a release in this scope would replace: an earlier release of the scope, else the one served */
  served(id: string): ModelFile | undefined;
  /** the release checks against the served models and the scope's earlier releases */
  check(file: unknown): ModelFile;
  release(file: unknown, options: { by: string | null; menuKey?: string | null }): Promise<ReleaseResult>;
}

export interface ModelStore {
  current(): ModelSnapshot;
  /** the endpoints of the current snapshot, for the family routes (access 'model') */
  readonly dispatcher: Dispatcher;
  readonly env: EngineEnv;
  /**
   * Validates a model file, migrates its table additively, upserts its permission codes, stores it in
   * sys_model, swaps it in and tells the other servers. Throws CL_ERR_MODEL_INVALID naming every
   * problem (JSON path and message); nothing is changed then.
   */
  release(file: unknown, options: { by: string | null; menuKey?: string | null }): Promise<ReleaseResult>;
  /** Runs `work` in one transaction whose releases are all served on commit, or none (ReleaseScope). */
  transaction<T>(work: (scope: ReleaseScope) => Promise<T>): Promise<T>;
  /**
   * The checks release runs before it changes anything (meta-schema, field rules, the other models,
   * the route table), against the current snapshot: the upgraded model, or CL_ERR_MODEL_INVALID.
   */
  check(file: unknown): ModelFile;
  /** The same checks, answered as the list of problems (JSON path and message); empty when the file would release. */
  problemsOf(file: unknown): SchemaProblem[];
  /** loads the stored release of one model when it is newer than the one served (another server released it) */
  reload(id: string): Promise<boolean>;
  /** called with the model id after every swap (served-model caches drop their entries) */
  onSwap(listener: (id: string) => void): void;
  close(): Promise<void>;
}

export interface ModelStoreOptions {
  handle: DbHandle;
  /** how the servers of this database tell each other about releases */
  openChannel: OpenModelChannel;
  fileModules: ModuleSet;
  hooks: HookRegistry;
  env: EngineEnv;
  warn: (message: string, error?: unknown) => void;
}

const MAX_DETAIL = 1_000;

class InvalidModel extends Error {
  constructor(readonly problems: SchemaProblem[]) {
    super(problems.map(formatProblem).join('\n'));
  }
}

function moduleIdOf(modelId: string): string {
  return modelId.slice(0, modelId.indexOf('.'));
}

/** The file modules with each model replaced by the version served; a module only known from releases gets a bare entry. */
function moduleSetOf(files: ModuleSet, entries: ReadonlyMap<string, StoredModel>): ModuleSet {
  const models = new Map([...entries].map(([id, entry]) => [id, entry.model]));
  const modules: LoadedModule[] = files.modules.map((mod) => ({ ...mod, models: mod.models.map((m) => models.get(m.id) ?? m) }));
  const byId = new Map(modules.map((mod) => [mod.file.id, mod]));
  const moduleOf = new Map<string, LoadedModule>();
  for (const [id, model] of models) {
    const moduleId = files.moduleOf.get(id)?.file.id ?? moduleIdOf(id);
    let mod = byId.get(moduleId);
    if (!mod) {
      mod = {
        dir: '',
        file: { id: moduleId, title: moduleId },
        models: [],
        modelFiles: new Map(),
        extensions: [],
        extensionFiles: new Map(),
        views: [],
        locales: {},
      };
      modules.push(mod);
      byId.set(moduleId, mod);
    }
    if (!mod.models.some((m) => m.id === id)) mod.models.push(model);
    moduleOf.set(id, mod);
  }
  return { modules, models, moduleOf };
}

export async function openModelStore(options: ModelStoreOptions): Promise<ModelStore> {
  const { handle, fileModules, hooks, env, warn } = options;
  const origin = randomUUID();
  const checkModelFile = createModelFileCheck();
  const listeners: ((id: string) => void)[] = [];
  // releases and reloads run one at a time, each against the snapshot current when it starts
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work);
    queue = run.catch(() => {});
    return run;
  };

  function entryOf(model: ModelFile, version: number, checksum: string): StoredModel {
    const compiled = compileModel(model, handle.adapter, hooks);
    const routes = [...operationRoutes(env, compiled), ...lookupRoutes(env, compiled), ...namedOperationRoutes(env, compiled, hooks)];
    return { model, compiled, routes, version, checksum };
  }

  function snapshotOf(serial: number, entries: ReadonlyMap<string, StoredModel>): ModelSnapshot {
    return { serial, entries, modules: moduleSetOf(fileModules, entries), routes: createRouteTable(withOwnerReads(env, entries.values())) };
  }

  /** The model a file describes, checked on its own and against the others; InvalidModel otherwise. */
  function checked(file: unknown, label: string, entries: ReadonlyMap<string, StoredModel>): ModelFile {
    const problems: SchemaProblem[] = [];
    const upgraded = upgradeModelFile(file, label, problems);
    if (problems.length > 0) throw new InvalidModel(problems);
    problems.push(...checkModelFile(upgraded, label));
    if (problems.length > 0) throw new InvalidModel(problems);
    const model = upgraded as ModelFile;
    const others = [...entries.values()].map((e) => e.model);
    problems.push(...checkRelease(model, others, label));
    if (problems.length > 0) throw new InvalidModel(problems);
    return model;
  }

  /** Compiles the entry and proves the route table takes it (a conflict throws here, before anything is written). */
  function candidate(model: ModelFile, version: number, checksum: string, entries: ReadonlyMap<string, StoredModel>): StoredModel {
    try {
      const entry = entryOf(model, version, checksum);
      createRouteTable([...[...entries.values()].filter((e) => e.model.id !== model.id).flatMap((e) => e.routes), ...entry.routes]);
      return entry;
    } catch (error) {
      throw new InvalidModel([{ file: model.id, path: '', message: (error as Error).message }]);
    }
  }

  function fromRow(row: ReleasedRow, entries: ReadonlyMap<string, StoredModel>): StoredModel {
    const model = checked(JSON.parse(row.json), `sys_model:${row.id}`, entries);
    return candidate(model, row.version, row.checksum, entries);
  }

  const initial = new Map<string, StoredModel>();
  for (const model of fileModules.models.values()) initial.set(model.id, entryOf(model, 0, checksumOf(JSON.stringify(model))));
  // a release may name another (a sub-record tab): rows that fail are tried again after the others, until a
  // pass serves none more; what still fails then is refused for good
  let pending = await readReleasedRows(handle.db);
  while (pending.length > 0) {
    const failed: { row: ReleasedRow; error: unknown }[] = [];
    for (const row of pending) {
      try {
        initial.set(row.id, fromRow(row, initial));
      } catch (error) {
        failed.push({ row, error });
      }
    }
    if (failed.length === pending.length) {
      // a stored release the code no longer accepts must not keep the server from starting
      for (const { row, error } of failed) warn(`released model ${row.id} (version ${row.version}) is not served: ${(error as Error).message}`);
      break;
    }
    pending = failed.map((f) => f.row);
  }
  let snapshot = snapshotOf(1, initial);
  // reference labels are read from the target model as served now, a released one included
  env.modelOf = (id) => snapshot.entries.get(id)?.compiled;
  env.tabParentsOf = (id) =>
    tabParentsIn(
      [...snapshot.entries.values()].map((e) => e.compiled),
      id,
    );
  env.servedModels = () => [...snapshot.entries.values()].map((e) => e.compiled);

  function swapIn(entry: StoredModel): void {
    const previous = snapshot.entries.get(entry.model.id);
    const entries = new Map(snapshot.entries);
    entries.set(entry.model.id, entry);
    snapshot = snapshotOf(snapshot.serial + 1, entries);
    // totals and page anchors of the table were derived under the old model
    env.generations.bump(entry.compiled.tableName);
    if (previous && previous.compiled.tableName !== entry.compiled.tableName) env.generations.bump(previous.compiled.tableName);
    for (const listener of listeners) listener(entry.model.id);
  }

  async function reloadNow(id: string): Promise<boolean> {
    const row = await readReleasedRow(handle.db, id);
    const served = snapshot.entries.get(id);
    if (!row || (served && served.version >= row.version)) return false;
    swapIn(fromRow(row, snapshot.entries));
    return true;
  }

  async function catchUp(): Promise<void> {
    let behind = (await readReleasedRows(handle.db)).filter((row) => (snapshot.entries.get(row.id)?.version ?? 0) < row.version);
    // as at start: a release naming another that is also behind loads once that one has
    while (behind.length > 0) {
      const failed: { row: ReleasedRow; error: unknown }[] = [];
      for (const row of behind) await reloadNow(row.id).catch((error: unknown) => failed.push({ row, error }));
      if (failed.length === behind.length) throw failed[0]!.error;
      behind = failed.map((f) => f.row);
    }
  }

  const reload = (id: string) =>
    serially(() => reloadNow(id)).catch((error: unknown) => {
      warn(`released model ${id} could not be loaded`, error);
      return false;
    });

  const notifier = await options.openChannel({
    onMessage: (message) => {
      if (message.origin !== origin && typeof message.id === 'string') void reload(message.id);
    },
    onReconnect: () => void serially(catchUp).catch((error: unknown) => warn('catching up on model releases failed', error)),
    warn,
  });

  /** Runs `work`, turning InvalidModel into CL_ERR_MODEL_INVALID naming every problem. */
  function asAppError<T>(work: () => T): T {
    try {
      return work();
    } catch (error) {
      if (!(error instanceof InvalidModel)) throw error;
      const detail = error.problems.map((p) => `${p.path || '/'}: ${p.message}`).join('; ');
      throw appError('CL_ERR_MODEL_INVALID', { detail: detail.length > MAX_DETAIL ? `${detail.slice(0, MAX_DETAIL)}…` : detail });
    }
  }

  function checkNow(file: unknown): ModelFile {
    return asAppError(() => {
      const model = checked(file, 'model', snapshot.entries);
      candidate(model, 0, '', snapshot.entries);
      return model;
    });
  }

  function problemsNow(file: unknown): SchemaProblem[] {
    try {
      candidate(checked(file, 'model', snapshot.entries), 0, '', snapshot.entries);
      return [];
    } catch (error) {
      if (error instanceof InvalidModel) return error.problems;
      throw error;
    }
  }

  /** The releases of one transaction; served (swapped in, in order) only after it commits. */
  async function inTransaction<T>(work: (scope: ReleaseScope) => Promise<T>): Promise<T> {
    const pending: StoredModel[] = [];
    // the served models with the scope's earlier releases in place, so a later one may name them
    let entries: ReadonlyMap<string, StoredModel> = snapshot.entries;
    const result = await handle.db.transaction().execute(async (trx) => {
      const trxHandle: DbHandle = { ...handle, db: trx };
      const scope: ReleaseScope = {
        trx,
        handle: trxHandle,
        served: (id) => entries.get(id)?.model,
        check: (file) =>
          asAppError(() => {
            const model = checked(file, 'model', entries);
            candidate(model, 0, '', entries);
            return model;
          }),
        async release(file, { by, menuKey: menuOverride }) {
          const json = JSON.stringify(file);
          const checksum = checksumOf(json ?? '');
          const { model, served, entry } = asAppError(() => {
            const model = checked(file, 'model', entries);
            const served = entries.get(model.id);
            // the same file again: nothing to do
            const entry = served?.checksum === checksum ? null : candidate(model, 0, checksum, entries);
            return { model, served, entry };
          });
          if (!entry) return { id: model.id, version: served!.version, checksum, changed: false };
          await syncModelTable(trxHandle, model, warn);
          const menuKey = menuOverride ?? modelMenuKeys(snapshot.modules, await storedModelMenus(trx)).get(model.id) ?? null;
          const version = await writeReleasedRow(trx, { id: model.id, module: moduleIdOf(model.id), json, checksum, releasedBy: by });
          await syncModelPermissions(trx, handle.adapter, model, moduleIdOf(model.id), menuKey);
          await notifier.publish(trx, { id: model.id, version, origin });
          const released = { ...entry, version };
          pending.push(released);
          const next = new Map(entries);
          next.set(model.id, released);
          entries = next;
          return { id: model.id, version, checksum, changed: true };
        },
      };
      return work(scope);
    });
    for (const entry of pending) swapIn(entry);
    return result;
  }

  return {
    current: () => snapshot,
    env,
    dispatcher: {
      match: (method, url) => snapshot.routes.find(method, url),
      routes: () => snapshot.routes.list(),
    },
    release: (file, options) => serially(() => inTransaction((scope) => scope.release(file, options))),
    transaction: (work) => serially(() => inTransaction(work)),
    check: checkNow,
    problemsOf: problemsNow,
    reload,
    onSwap: (listener) => void listeners.push(listener),
    close: () => notifier.close(),
  };
}
