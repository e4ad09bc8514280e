import systemFields from '../../schemas/meta/system-fields.json' with { type: 'json' };
import type { FieldType, ModelFile } from '../../runtime/model/types.js';
import type { ModuleSet } from '../engine/loadModules.js';

/**
 * A table dictionary ('table,textField,codeField') after the whitelist: every identifier below was
 * found in a loaded model, so it may be used as an identifier in SQL. Nothing else may.
 */
export interface TableDictRef {
  table: string;
  textField: string;
  valueField: string;
  valueType: FieldType;
  sortField: string;
  tenantScoped: boolean;
}

const SYSTEM_FIELD_TYPES = new Map(
  Object.entries(systemFields)
    .filter(([name]) => name !== '$comment')
    .map(([name, def]) => [name, (def as { type: FieldType }).type]),
);

/**
 * The access-control tables became models (schemas/system/models). A table dictionary does not yet
 * check the model's list permission, so these stay refused as they were while they were core
 * tables; drop this once dictionaries require the model's list permission and lookup fields.
 */
const ACCESS_CONTROL_TABLES = new Set([
  'sys_user', 'sys_user_role', 'sys_user_tenant', 'sys_user_depart', 'sys_user_position', 'sys_role', 'sys_role_permission',
  'sys_permission', 'sys_tenant', 'sys_depart', 'sys_dict', 'sys_dict_item',
]);

export function isTableDictCode(code: string): boolean {
  return code.includes(',');
}

/** The type of a field that may be read through a dictionary, or undefined (unknown or secret). */
function readableFieldType(model: ModelFile, name: string): FieldType | undefined {
  const declared = Object.hasOwn(model.entity.fields, name) ? model.entity.fields[name] : undefined;
  if (declared) return declared.secret ? undefined : declared.type;
  if (name === 'tenantId' && model.entity.tenantScoped === false) return undefined;
  return SYSTEM_FIELD_TYPES.get(name);
}

/**
 * Resolves 'table,textField,codeField' against the loaded models, or null when any part is not a
 * model's table or one of its readable fields (access-control tables are refused, see above).
 */
export function resolveTableDict(code: string, modules: ModuleSet): TableDictRef | null {
  const parts = code.split(',').map((part) => part.trim());
  if (parts.length !== 3) return null;
  const [table, textField, valueField] = parts as [string, string, string];
  if (ACCESS_CONTROL_TABLES.has(table)) return null;
  const model = [...modules.models.values()].find((m) => m.entity.table === table);
  if (!model) return null;
  const textType = readableFieldType(model, textField);
  const valueType = readableFieldType(model, valueField);
  if (!textType || !valueType) return null;
  return {
    table,
    textField,
    valueField,
    valueType,
    sortField: model.entity.defaultSort?.field ?? textField,
    tenantScoped: model.entity.tenantScoped !== false,
  };
}
