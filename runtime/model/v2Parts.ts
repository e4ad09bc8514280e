/**
 * The parts of model format version 2 the client renders (docs/engine-v2-plan.md), typed narrowly here
 * until the types generated from the meta-schema land in types.ts; then these become aliases of those.
 * Pure types and readers: the server may import this file too.
 */
import type { FieldDef, FormFieldItem, ListAction, ModelFile } from './types';

export interface FieldDefV2 extends FieldDef {
  /** an expression over other fields: the field's value, shown live and recomputed by the server */
  compute?: string;
  /** required only while this expression is true */
  requiredWhen?: string;
}

export type FormFieldSpecV2 = Exclude<FormFieldItem, string> & {
  visibleWhen?: string;
  disabledWhen?: string;
  /** client hooks of kind formReaction */
  hooks?: string[];
};
export type FormFieldItemV2 = string | FormFieldSpecV2;

export interface FormSectionV2 {
  title?: string;
  /** grid columns of the section (a field's span counts in these) */
  columns?: number;
  fields: FormFieldItemV2[];
}

export interface FormTabV2 {
  title: string;
  sections?: FormSectionV2[];
  fields?: FormFieldItemV2[];
}

export interface FormDefV2 {
  fields?: FormFieldItemV2[];
  sections?: FormSectionV2[];
  tabs?: FormTabV2[];
}

export interface ListActionObject {
  key: string;
  label: string;
  /** a named operation of the model (top-level `operations`) */
  operation?: string;
  /** a client hook of kind action */
  hook?: string;
  /** (version 11) a hook action's permission, suffixed to permissions.prefix: shown only to holders of that code */
  permission?: string;
  /** a confirmation text asked before running */
  confirm?: string;
  placement?: 'row' | 'toolbar';
  /** (version 14) a row action shows only on the rows this expression of the row holds for */
  visibleWhen?: string;
}
export type ListActionV2 = ListAction | ListActionObject;

export interface OperationDefV2 {
  /** 'METHOD /path'; `{base}` is api.base, `{id}` the record's id */
  route: string;
  /** suffixed to permissions.prefix */
  permission: string;
  hook?: string;
  target?: 'record' | 'collection';
}

export type ScreenKind = 'list' | 'tree' | 'treeTable' | 'form' | 'query';

export interface TreeDefV2 {
  parentField: string;
  labelField?: string;
  lazy?: boolean;
  rootValue?: string | number;
}

/** The v2 parts of a model, read without widening ModelFile. */
export interface ModelV2Parts {
  entity: { fields: Record<string, FieldDefV2> };
  form?: FormDefV2;
  list?: { actions?: ListActionV2[]; columns?: unknown[] };
  operations?: Record<string, OperationDefV2>;
  screen?: { kind?: ScreenKind };
  tree?: TreeDefV2;
}

export const v2 = (model: ModelFile): ModelV2Parts => model as unknown as ModelV2Parts;
