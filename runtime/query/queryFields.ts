import type { FieldType, ServedModel } from '../model/types';
import type { Translate } from '../RuntimeInstance';
import { fieldDef, fieldLabel } from '../render/modelText';

/** One field the advanced query offers: its name, label in the served language and what its value input is. */
export interface QueryField {
  name: string;
  label: string;
  type: FieldType;
  /** a dictionary code: the value is chosen among its items */
  dict?: string;
  /** fixed values without a dictionary */
  enum?: (string | number)[];
}

// what the server cannot filter (json, list) or what a condition on it means nothing (files, rich text)
const NOT_QUERYABLE: ReadonlySet<FieldType> = new Set<FieldType>(['json', 'list', 'file', 'image', 'richText']);
// system fields worth a condition: when and by whom a record was made or changed
const SYSTEM_QUERY_FIELDS = ['createBy', 'createTime', 'updateBy', 'updateTime'];

/**
 * The fields of the advanced query: the model's filterable fields (not secret, not `filterable: false`,
 * not structured; the server refuses the others, server/engine/compileModel.ts), then the system fields.
 */
export function queryFields(served: ServedModel, t: Translate): QueryField[] {
  const names = [...Object.keys(served.model.entity.fields), ...SYSTEM_QUERY_FIELDS];
  const fields: QueryField[] = [];
  for (const name of names) {
    const def = fieldDef(served, name);
    if (!def || def.secret || def.filterable === false || NOT_QUERYABLE.has(def.type)) continue;
    fields.push({
      name,
      label: fieldLabel(served, name, t),
      type: def.type,
      ...(def.dict ? { dict: def.dict } : {}),
      ...(def.enum && !def.dict ? { enum: def.enum as (string | number)[] } : {}),
    });
  }
  return fields;
}
