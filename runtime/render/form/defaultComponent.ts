import type { FieldDef } from '../../model/types';

/** The widget a field gets when the model names none. */
export function defaultComponent(def: FieldDef): string {
  if (def.dict) return 'DictSelect';
  if (def.enum) return 'Select';
  switch (def.type) {
    case 'text':
      return 'Input.TextArea';
    case 'integer':
    case 'number':
      return 'NumberPicker';
    case 'date':
      return 'DatePicker';
    case 'datetime':
      return 'DateTimePicker';
    default:
      return 'Input';
  }
}

/** Dictionary widgets read their items by code; numeric fields need numeric option values. */
export function dictProps(component: string, def: FieldDef): Record<string, unknown> {
  if (!def.dict || !component.startsWith('Dict')) return {};
  return { dictCode: def.dict, valueType: def.type === 'integer' || def.type === 'number' ? 'number' : 'string' };
}

/** The relation form reads its target from the entity field: the referenced model, its display field, one or several ids. */
export function refProps(component: string, def: FieldDef): Record<string, unknown> {
  if (!def.ref || component !== 'RelationForm') return {};
  return { model: def.ref, labelField: def.refLabel ?? 'id', multiple: def.multiple === true };
}

/** Options for an enum without a dictionary: the values are their own labels. */
export function enumOptions(def: FieldDef): { label: string; value: string | number }[] | undefined {
  if (def.dict || !def.enum) return undefined;
  return def.enum.map((value) => ({ label: String(value), value }));
}
