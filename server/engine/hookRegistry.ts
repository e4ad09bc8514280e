import type { RawBuilder, Transaction } from 'kysely';
import type { Lang, ModelFile } from '../../runtime/model/types.js';
import type { CellHandler } from '../../runtime/validation/cellRules.js';
import type { Database } from '../db/schema.js';
import type { AuthContext } from '../plugins/accessPlugin.js';
import type { EngineContext } from './EngineContext.js';
import type { TenancyHook } from './tenancy.js';
import type { WriteScope } from './writeScope.js';

export type { TenancyHook } from './tenancy.js';

export interface BeforeSaveContext {
  model: ModelFile;
  /** the validated values about to be written (field name -> value); the hook may change them */
  values: Record<string, unknown>;
  mode: 'create' | 'update';
  /** the record id (set for updates; for creates, the id the new row will get) */
  id: string;
  auth: AuthContext;
  /** the writer's engine context (tenant, language, data scope on this model) */
  context: EngineContext;
  /** the write's transaction: whatever the hook writes commits or rolls back with the record */
  db: Transaction<Database>;
  /**
   * Declares another table this hook wrote through `db`: its cached totals and anchors are dropped
   * after the write, like the model's own. A hook that writes a table without declaring it leaves
   * that table's totals stale until their TTL.
   */
  touch(table: string): void;
  /**
   * Set only in an import whose hook has a bulk stage (BeforeSaveOptions.prepareImport): what that stage
   * worked out for this very record before the transaction opened (a password hash, say).
   */
  prepared?: Record<string, unknown>;
}

/** What a bulk stage hears besides the rows: the language of its messages, and whom to tell how far it got. */
export interface PrepareImportContext {
  lang: Lang;
  onProgress(done: number, total: number): void;
}

/**
 * A beforeSave hook's bulk stage for imports: it sees every row's validated values at once, before the
 * import's transaction opens, and answers per row either the values to hand the hook as `prepared`, or
 * that row's errors (field name and message). Work that is slow per row (hashing thousands of first
 * passwords) is done here, in parallel, instead of row by row while the transaction holds the writer.
 */
export type PrepareImport = (
  rows: readonly Record<string, unknown>[],
  ctx: PrepareImportContext,
) => Promise<Array<Record<string, unknown> | { errors: { field: string; message: string }[] }>>;

/**
 * A beforeSave hook's cheap check of import rows (no slow work, nothing written): per row, the errors the
 * hook would raise for it (field name and message), [] for a good row. ImportPreview answers them with the
 * file's other errors, and ImportData refuses a file with any of them before its bulk stage runs, so a
 * preview and the import it precedes find the same rows wrong (a weak first password, say).
 */
export type CheckImport = (rows: readonly Record<string, unknown>[], ctx: { lang: Lang }) => { field: string; message: string }[][];

export interface BeforeSaveOptions {
  prepareImport?: PrepareImport;
  checkImport?: CheckImport;
  /**
   * The hook also runs before the state operation (`Actions/State`), as an update whose values hold only
   * the state field's new value. The state operation writes no other field, so a hook that reads the rest
   * of a record's values from its form is not asked to (the default); one that guards the state itself
   * (enabling a role hands its rights to its members) says so here.
   */
  onStateToggle?: boolean;
  /**
   * Runs in the transaction of a delete (one record or a batch) of the model, before anything is deleted,
   * with the ids asked for; it throws an AppError to refuse the whole delete. A beforeSave hook that guards
   * what a record's values may become (a data rule restricting the caller may not be loosened) guards its
   * removal here. Ids outside the caller's tenant or scope are refused by the delete afterwards, like unknown ones.
   */
  beforeDelete?: BeforeDeleteHook;
}

export type BeforeDeleteHook = (write: WriteScope, ids: readonly string[]) => Promise<void>;

/**
 * Behaviour a model file cannot express as data (hash a password, fill a birthday from an ID
 * card), referenced by name from model.hooks.beforeSave. It may change ctx.values (or return new
 * values) and may throw an AppError to refuse the write. It may set any declared field, including
 * fields clients cannot write (writable: false, secret).
 *
 * @example
 * hooks.register('user.hashPassword', async ({ values }) => { values.password = await hash(values.password) });
 */
export type BeforeSaveHook = (ctx: BeforeSaveContext) => void | Record<string, unknown> | Promise<void | Record<string, unknown>>;

/** What a named operation's hook (model.operations.<name>.hook) receives. */
export interface OperationHookContext {
  model: ModelFile;
  /** the caller's engine context (tenant, language, data scope on this model) */
  context: EngineContext;
  /** target "record": the record named by {id}, read through the caller's data scope; else null */
  record: Record<string, unknown> | null;
  /** the request's JSON body ({} when none was sent) */
  body: Record<string, unknown>;
  /** the query parameters the hook declared when it was registered (every other name is refused before it runs) */
  query: Record<string, string>;
  /** the route's path parameters ({id} and any other `{name}` of the route) */
  params: Record<string, string>;
  /**
   * The caller's tenant and data-scope conditions on this model's table, AND-ed (`1 = 1` when nothing
   * restricts them): a hook reading the model's rows with its own SQL puts this in its WHERE, so it
   * reaches no row the generic list would not show.
   */
  scopeSql: RawBuilder<unknown>;
  /**
   * Rows of this model in the caller's tenant and data scope that also meet `where` (AND-ed), in the
   * model's default order, as the generic endpoints answer them (secret fields and the fields the caller's
   * roles hide left out, dictionary texts added).
   */
  rows(where?: RawBuilder<unknown>[], limit?: number): Promise<Record<string, unknown>[]>;
  /**
   * "Any of these fields of the model contains the text" (case-insensitive), over the fields the caller
   * sees only: a field their roles hide is not searched (nothing matches when all are), so a picker's
   * search never tells a hidden value. Use it for every search a hook offers over the model's own rows.
   */
  search(fields: readonly string[], text: string): RawBuilder<unknown>;
  /**
   * The fields the caller's roles hide on another model (field access, fieldAccess.ts): a hook answering values
   * of that model's records read by its own SQL (an organisation's administrator, a user) leaves these out.
   */
  hiddenFieldsOf(modelId: string): Promise<ReadonlySet<string>>;
  /** the operation's transaction: everything the hook writes commits or rolls back together */
  db: Transaction<Database>;
  /** declares a table the hook wrote (the model's own is always counted): its cached totals are dropped */
  touch(table: string): void;
  /**
   * Runs the task once the transaction has committed, never after a rollback: telling others (sockets,
   * other servers) about the change before then could announce something that never happened.
   */
  afterCommit(task: () => Promise<void>): void;
}

/**
 * A named operation beyond CRUD (`Actions/ResetPassword`, `Copy`, `Release`…). What it returns is the
 * answer's data (null for nothing); it throws an AppError to refuse.
 */
export type OperationHook = (ctx: OperationHookContext) => unknown;

/** What an operation hook declares about its requests besides its code. */
export interface OperationHookOptions {
  /** query parameter names it reads (`_t` is always allowed); any other name is refused with HTTP 400 */
  query?: readonly string[];
}

export interface HookRegistry {
  register(name: string, hook: BeforeSaveHook, options?: BeforeSaveOptions): void;
  get(name: string): BeforeSaveHook | undefined;
  /** the bulk import stage registered with a beforeSave hook, if any */
  getPrepareImport(name: string): PrepareImport | undefined;
  getCheckImport(name: string): CheckImport | undefined;
  /** whether the beforeSave hook also guards the state operation (BeforeSaveOptions.onStateToggle) */
  runsOnStateToggle(name: string): boolean;
  /** the delete guard registered with a beforeSave hook (BeforeSaveOptions.beforeDelete), if any */
  getBeforeDelete(name: string): BeforeDeleteHook | undefined;
  registerOperation(name: string, hook: OperationHook, options?: OperationHookOptions): void;
  getOperation(name: string): OperationHook | undefined;
  operationOptions(name: string): OperationHookOptions;
  /** a tenancy hook (model.hooks.tenancy): which shared rows belong to a tenant (tenancy.ts) */
  registerTenancy(name: string, hook: TenancyHook): void;
  getTenancy(name: string): TenancyHook | undefined;
  /**
   * An editable-table column's handler rule (`validateRules[].handler`), run by the server on every
   * save of the table field: register the same function under the same name as the client's
   * `cellValidator` hook (write it once under runtime/), so both answer the same message.
   */
  registerCellValidator(name: string, hook: CellHandler): void;
  getCellValidator(name: string): CellHandler | undefined;
  names(): string[];
}

const HOOK_NAME = /^[a-z][A-Za-z0-9]*\.[a-z][A-Za-z0-9]*$/;

/** One registry per app (tests build several side by side); buildApp hands it to the engine. */
export function createHookRegistry(): HookRegistry {
  const hooks = new Map<string, BeforeSaveHook>();
  const prepareImports = new Map<string, PrepareImport>();
  const checkImports = new Map<string, CheckImport>();
  const stateGuards = new Set<string>();
  const deleteGuards = new Map<string, BeforeDeleteHook>();
  const operations = new Map<string, OperationHook>();
  const operationOptions = new Map<string, OperationHookOptions>();
  const tenancies = new Map<string, TenancyHook>();
  const cellValidators = new Map<string, CellHandler>();
  const add = <T>(kind: Map<string, T>, name: string, hook: T) => {
    if (!HOOK_NAME.test(name)) throw new Error(`hook name "${name}" must look like "<module>.<action>"`);
    if (hooks.has(name) || operations.has(name) || tenancies.has(name) || cellValidators.has(name)) throw new Error(`hook "${name}" is already registered`);
    kind.set(name, hook);
  };
  return {
    register: (name, hook, options = {}) => {
      add(hooks, name, hook);
      if (options.prepareImport) prepareImports.set(name, options.prepareImport);
      if (options.checkImport) checkImports.set(name, options.checkImport);
      if (options.onStateToggle) stateGuards.add(name);
      if (options.beforeDelete) deleteGuards.set(name, options.beforeDelete);
    },
    get: (name) => hooks.get(name),
    getPrepareImport: (name) => prepareImports.get(name),
    getCheckImport: (name) => checkImports.get(name),
    runsOnStateToggle: (name) => stateGuards.has(name),
    getBeforeDelete: (name) => deleteGuards.get(name),
    registerOperation: (name, hook, options = {}) => {
      add(operations, name, hook);
      operationOptions.set(name, options);
    },
    getOperation: (name) => operations.get(name),
    operationOptions: (name) => operationOptions.get(name) ?? {},
    registerTenancy: (name, hook) => add(tenancies, name, hook),
    getTenancy: (name) => tenancies.get(name),
    registerCellValidator: (name, hook) => add(cellValidators, name, hook),
    getCellValidator: (name) => cellValidators.get(name),
    names: () => [...hooks.keys(), ...operations.keys(), ...tenancies.keys(), ...cellValidators.keys()],
  };
}

/**
 * Registers every hook of `from`, of every kind, into `into` (the app layers registries: built-in
 * hooks, then the caller's). Copying by `names()` alone would file an operation hook as a beforeSave
 * hook and lose it.
 */
export function copyHooks(from: HookRegistry | undefined, into: HookRegistry): void {
  for (const name of from?.names() ?? []) {
    const beforeSave = from!.get(name);
    const tenancy = from!.getTenancy(name);
    const cellValidator = from!.getCellValidator(name);
    if (beforeSave)
      into.register(name, beforeSave, {
        prepareImport: from!.getPrepareImport(name),
        checkImport: from!.getCheckImport(name),
        onStateToggle: from!.runsOnStateToggle(name),
        beforeDelete: from!.getBeforeDelete(name),
      });
    else if (tenancy) into.registerTenancy(name, tenancy);
    else if (cellValidator) into.registerCellValidator(name, cellValidator);
    else into.registerOperation(name, from!.getOperation(name)!, from!.operationOptions(name));
  }
}
