/**
 * Types of the model file format (schemas/meta/model.schema.json, version 1) and of module folders
 * (schemas/meta/module.schema.json). Pure types: the server imports this file too.
 */

export type FieldType = 'string' | 'text' | 'integer' | 'number' | 'date' | 'datetime';
export type Scalar = string | number;
export type Lang = 'zh-CN' | 'en' | 'zh-TW';
export const LANGS: readonly Lang[] = ['zh-CN', 'en', 'zh-TW'];

export interface FieldMessages {
  required?: string;
  maxLength?: string;
  minLength?: string;
  minimum?: string;
  maximum?: string;
  pattern?: string;
  enum?: string;
  unique?: string;
}

export interface FieldDef {
  type: FieldType;
  /** zh-CN source text; other languages come from the module's locales. */
  label: string;
  required?: boolean;
  maxLength?: number;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  /** A name from schemas/meta/patterns.json. */
  pattern?: string;
  enum?: Scalar[];
  dict?: string;
  ref?: string;
  default?: Scalar;
  unique?: boolean;
  keyword?: boolean;
  sortable?: boolean;
  filterable?: boolean;
  writable?: boolean;
  secret?: boolean;
  messages?: FieldMessages;
}

export interface SortDef {
  field: string;
  order: 'asc' | 'desc';
}

export interface EntityDef {
  table: string;
  tenantScoped?: boolean;
  fields: Record<string, FieldDef>;
  indexes?: string[][];
  defaultSort?: SortDef;
  /** the columns data rules use (server/engine/dataScopeRules.ts) */
  scope?: EntityScopeDef;
}

export interface EntityScopeDef {
  /** the field holding the creator's username (default createBy) */
  owner?: string;
  /** the field holding a department id; without one, department rules match nothing */
  department?: string;
}

export type Dialect = 'jeecg' | 'api';
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

/** 'METHOD /path' */
export type RouteSpec = string;

export interface LookupDef {
  route: RouteSpec;
  /** output key -> model field */
  fields: Record<string, string>;
  where?: Record<string, Scalar>;
  access?: 'authenticated' | 'list';
}

export interface ApiDef {
  dialect: Dialect;
  base: string;
  /** a route for an irregular URL, false to switch an operation off, true to opt into import/export at the dialect's default route */
  operations?: Partial<Record<OperationName, RouteSpec | boolean>>;
  state?: { field: string; on?: Scalar; off?: Scalar };
  lookups?: Record<string, LookupDef>;
}

export type SearchItem = string | { field: string; mode?: 'eq' | 'like' | 'range'; 'x-component'?: string; 'x-component-props'?: Record<string, unknown> };
export type ColumnRender = 'text' | 'dict' | 'state' | 'date' | 'datetime' | 'number';
export type ColumnItem =
  | string
  | { field: string; title?: string; width?: number; render?: ColumnRender; sorter?: boolean; ellipsis?: boolean; align?: 'left' | 'center' | 'right' };
export type ListAction = 'add' | 'edit' | 'detail' | 'delete' | 'deleteBatch' | 'state' | 'superQuery';

export interface ListDef {
  search?: SearchItem[];
  columns: ColumnItem[];
  actions?: ListAction[];
  page?: { size?: number; sizes?: number[] };
}

export type FormFieldItem =
  | string
  | {
      field: string;
      'x-component'?: string;
      'x-component-props'?: Record<string, unknown>;
      'x-decorator-props'?: Record<string, unknown>;
      'x-display'?: 'visible' | 'hidden' | 'none';
      span?: number;
      placeholder?: string;
    };

export interface FormDef {
  width?: number;
  layout?: { labelCol?: number; wrapperCol?: number; columns?: number };
  fields: FormFieldItem[];
}

export interface TabDef {
  model: string;
  foreignKey: string;
  title?: string;
  readOnly?: boolean;
}

export interface ModelFile {
  $schema?: string;
  version: 1;
  id: string;
  title: string;
  entity: EntityDef;
  api: ApiDef;
  list?: ListDef;
  form?: FormDef;
  tabs?: TabDef[];
  permissions: { prefix: string };
  hooks?: { beforeWrite?: string };
}

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
