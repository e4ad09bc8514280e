/**
 * Types of the model file format (schemas/meta/model.schema.json, version 3) and of module folders
 * (schemas/meta/module.schema.json). The model types are generated from the meta-schema
 * (types.generated.ts, `npm run generate:types`); this file gives them the names the code uses and adds
 * the constants. Pure types: the server imports this file too.
 */
import type {
  Api,
  ColumnItem as GeneratedColumnItem,
  ComputedDefault,
  Entity,
  Field,
  Form,
  FormFieldItem as GeneratedFormFieldItem,
  FormSection,
  FormTab,
  List,
  ListAction as GeneratedListAction,
  ListActionDef,
  ListActionItem,
  Lookup,
  ModelDefinition,
  ModelExtension,
  ModelView,
  FieldRules,
  NamedOperation,
  Query,
  QueryCondition,
  QueryField,
  Screen,
  SearchItem as GeneratedSearchItem,
  Sort,
  Tab,
  Tree,
} from './types.generated';

export type {
  ComputedDefault,
  FieldRules,
  FormSection,
  FormTab,
  ListActionDef,
  ListActionItem,
  ModelExtension,
  ModelView,
  NamedOperation,
  QueryCondition,
  QueryField,
};

/** The model format version this code reads; older files are lifted by upgradeModel(). */
export const MODEL_FORMAT_VERSION = 17;

/**
 * The most rows one answer of an unpaged list (`list.page: false`, version 10) holds: the first rows in
 * the list's order; its total still counts them all. A safety cap, not a page: the server refuses a
 * larger pageSize and the renderer says when rows were left out.
 */
export const UNPAGED_LIST_ROWS = 1000;

export type FieldType = Field['type'];
export const FIELD_TYPES: readonly FieldType[] = [
  'string',
  'text',
  'integer',
  'number',
  'boolean',
  'date',
  'datetime',
  'json',
  'list',
  'file',
  'image',
  'richText',
];
export type Scalar = string | number;
export type Lang = 'zh-CN' | 'en' | 'zh-TW';
export const LANGS: readonly Lang[] = ['zh-CN', 'en', 'zh-TW'];

export type FieldMessages = NonNullable<Field['messages']>;
export type FieldDef = Field;
export type ComputedDefaultKind = ComputedDefault['computed'];
export type SortDef = Sort;
export type EntityDef = Entity;
export type EntityScope = NonNullable<Entity['scope']>;
/** @deprecated alias of EntityScope (the name the data-scope work used before format v2 types were generated) */
export type EntityScopeDef = EntityScope;

export type Dialect = Api['dialect'];
export type OperationName = 'list' | 'get' | 'create' | 'update' | 'delete' | 'deleteBatch' | 'state' | 'import' | 'export' | 'importTemplate';
export const OPERATION_NAMES: readonly OperationName[] = [
  'list',
  'get',
  'create',
  'update',
  'delete',
  'deleteBatch',
  'state',
  'import',
  'export',
  'importTemplate',
];
/** Built-in operations a model serves only when it opts in (api.operations.x = true or a route). */
export const OPT_IN_OPERATIONS: readonly OperationName[] = ['import', 'export', 'importTemplate'];
/** The opt-in operations that carry a permission code of their own (the template shares import's). */
export type OptInOperationName = 'import' | 'export';
export const OPT_IN_OPERATION_NAMES: readonly OptInOperationName[] = ['import', 'export'];

/** 'METHOD /path' */
export type RouteSpec = string;

export type LookupDef = Lookup;
export type ApiDef = Api;

export type SearchItem = GeneratedSearchItem;
export type ColumnItem = GeneratedColumnItem;
export type ColumnRender = NonNullable<Exclude<ColumnItem, string>['render']>;
/** A built-in list action; list.actions may also hold action objects (ListActionDef). */
export type ListAction = GeneratedListAction;
export type ListDef = List;

export type FormFieldItem = GeneratedFormFieldItem;
export type FormDef = Form;
export type TabDef = Tab;

export type ScreenKind = Screen['kind'];
export type ScreenDef = Screen;
export type TreeDef = Tree;
export type QueryDef = Query;
export type NamedOperationTarget = NonNullable<NamedOperation['target']>;

/** A complete model, as every reader sees it: upgraded to the current version, extensions merged in. */
export type ModelFile = ModelDefinition;
/** What one *.model.json holds once upgraded: a model, an extension of another module's model, or a view over a model's table. */
export type ModelSourceFile = ModelDefinition | ModelExtension | ModelView;

export interface MenuDef {
  key: string;
  title: string;
  path: string;
  icon?: string;
  sort?: number;
  hidden?: boolean;
  keepAlive?: boolean;
  redirect?: string;
  model?: string;
  component?: string;
  url?: string;
  external?: boolean;
  children?: MenuDef[];
}

export interface DictItemDef {
  value: string;
  text: string;
  color?: string;
  description?: string;
}

export interface DictDef {
  code: string;
  name: string;
  description?: string;
  items: DictItemDef[];
}

export interface ModuleFile {
  $schema?: string;
  id: string;
  title: string;
  menus?: MenuDef[];
  dicts?: DictDef[];
  permissions?: { code: string; name: string; menu?: string }[];
}

/** A named validation pattern of schemas/meta/patterns.json. */
export interface PatternDef {
  regex: string;
  message: Record<Lang, string>;
}

/**
 * What GET /system/model/:id answers: the model file as written, plus what the client needs to
 * render it in the caller's language (texts: zh-CN source -> translation; patterns used by the model).
 */
export interface ServedModel {
  model: ModelFile;
  lang: Lang;
  texts: Record<string, string>;
  /** the named patterns the model's fields use */
  patterns: Record<string, { regex: string; message: string }>;
  /**
   * Fields the signed-in user's roles hide (no column, no form field) or make read-only (shown, not
   * editable). The server enforces both on its own; absent when nothing is restricted.
   */
  fieldAccess?: { hidden: string[]; readOnly: string[] };
}

/** The permission code of one action of a model: `${prefix}${action}`. */
export type ModelPermissionAction = 'list' | 'add' | 'edit' | 'delete' | 'state' | 'import' | 'export';

/** Which permission action guards an operation. */
export const OPERATION_PERMISSION: Record<OperationName, ModelPermissionAction> = {
  list: 'list',
  get: 'list',
  create: 'add',
  update: 'edit',
  delete: 'delete',
  deleteBatch: 'delete',
  state: 'state',
  import: 'import',
  importTemplate: 'import',
  export: 'export',
};
