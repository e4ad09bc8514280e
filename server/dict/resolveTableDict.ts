import type { CompiledField, CompiledModel } from '../engine/compileModel.js';

/**
 * A table dictionary ('table,textField,valueField') after the whitelist: the model that owns the
 * table, and two of its fields that the model lets dictionaries name. Only these reach SQL, as the
 * compiled model's own identifiers.
 */
export interface TableDictRef {
  model: CompiledModel;
  text: CompiledField;
  value: CompiledField;
}

export function isTableDictCode(code: string): boolean {
  return code.includes(',');
}

/**
 * A field a dictionary may name: the key, or a field the model marks `lookup: true` (a secret one
 * never: checkField refuses that combination). System stamps (createBy…) and the tenant are not.
 */
export function lookupField(model: CompiledModel, name: string): CompiledField | undefined {
  const field = model.fields.get(name);
  if (!field) return undefined;
  if (field === model.id) return field;
  return !field.system && field.readable && field.def.lookup === true ? field : undefined;
}

/**
 * Resolves 'table,textField,valueField' against the served models, or null when any part is not a
 * model's table or one of its lookup fields. Whether the caller may list the model is the route's
 * question (the model's list permission), asked with the model this returns.
 */
export function resolveTableDict(code: string, models: Iterable<CompiledModel>): TableDictRef | null {
  const parts = code.split(',').map((part) => part.trim());
  if (parts.length !== 3) return null;
  const [table, textName, valueName] = parts as [string, string, string];
  let model: CompiledModel | undefined;
  for (const candidate of models) if (candidate.tableName === table) model = candidate;
  if (!model) return null;
  const text = lookupField(model, textName);
  const value = lookupField(model, valueName);
  return text && value ? { model, text, value } : null;
}
