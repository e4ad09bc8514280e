import systemFields from '../../schemas/meta/system-fields.json';
import { resolveText } from '../model/resolveText';
import type { FieldDef, ServedModel } from '../model/types';
import type { Translate } from '../RuntimeInstance';

type SystemFieldName = Exclude<keyof typeof systemFields, '$comment'>;

function isSystemField(name: string): name is SystemFieldName {
  return name !== '$comment' && Object.prototype.hasOwnProperty.call(systemFields, name);
}

/** A field of the entity or (version 13) of an operation list's rows, which label their columns alike. */
function declaredField(served: ServedModel, name: string): FieldDef | undefined {
  const { model } = served;
  return Object.hasOwn(model.entity.fields, name) ? model.entity.fields[name] : model.list?.rows?.fields?.[name];
}

/** A declared field (of the entity or an operation list's rows) or one of the system fields every table has (createTime, …); undefined for none. */
export function fieldDef(served: ServedModel, name: string): FieldDef | undefined {
  const declared = declaredField(served, name);
  if (declared) return declared;
  return isSystemField(name) ? (systemFields[name] as FieldDef) : undefined;
}

/** Like fieldDef, but an unknown name is a model error. */
export function requireFieldDef(served: ServedModel, name: string, where: string): FieldDef {
  const def = fieldDef(served, name);
  if (!def) throw new Error(`model ${served.model.id}: ${where} names "${name}", which is neither a field of the entity nor a system field`);
  return def;
}

/** A model text (zh-CN source) in the served language. */
export function modelText(served: ServedModel, zhText: string): string {
  return resolveText(served, zhText);
}

/** A field's label in the served language; system fields fall back to the renderer's own texts. */
export function fieldLabel(served: ServedModel, name: string, t: Translate): string {
  const declared = declaredField(served, name);
  if (declared) return resolveText(served, declared.label);
  if (!isSystemField(name)) return name;
  const zh = systemFields[name].label;
  return served.texts[zh] ?? t(`systemField.${name}`);
}
