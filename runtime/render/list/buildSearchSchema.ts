import type { ISchema } from '@formily/json-schema';
import type { Translate } from '../../RuntimeInstance';
import type { FieldDef, ServedModel } from '../../model/types';
import { dictProps, enumOptions } from '../form/defaultComponent';
import { fieldLabel } from '../modelText';
import { KEYWORD, searchEntries, type SearchEntry, type SearchMode } from './searchEntries';

const isDateField = (def: FieldDef) => def.type === 'date' || def.type === 'datetime';
const isNumberField = (def: FieldDef) => def.type === 'integer' || def.type === 'number';

function searchComponent(def: FieldDef, mode: SearchMode): string {
  if (mode === 'range') return isDateField(def) ? 'DateRangePicker' : 'NumberRange';
  if (mode === 'like') return 'Input';
  if (def.dict) return 'DictSelect';
  if (def.enum) return 'Select';
  if (isDateField(def)) return 'DatePicker';
  return isNumberField(def) ? 'NumberPicker' : 'Input';
}

/** The widget a search entry gets: the model's x-component, else one that fits the field and its mode. */
export function searchWidgetOf(entry: Extract<SearchEntry, { kind: 'field' }>): string {
  return entry.component ?? searchComponent(entry.def, entry.mode);
}

/** The placeholder a search widget shows (none for a text box: its label says what to type). */
export function searchPlaceholder(component: string, t: Translate): string | [string, string] | undefined {
  if (component === 'DateRangePicker') return [t('search.startDate'), t('search.endDate')];
  if (component === 'NumberRange') return [t('search.from'), t('search.to')];
  // a typed value (text or a number searched by eq) is not picked: no 请选择 in it
  if (component === 'Input' || component === 'NumberPicker') return undefined;
  return t('search.selectPlaceholder');
}

/** The search bar's Formily schema from list.search: 'keyword' plus one widget per searched field. */
export function buildSearchSchema(served: ServedModel, t: Translate): ISchema {
  const properties: Record<string, ISchema> = {};
  for (const entry of searchEntries(served)) {
    if (entry.kind === 'keyword') {
      properties[KEYWORD] = {
        type: 'string',
        title: t('search.keyword'),
        'x-decorator': 'FormItem',
        'x-component': 'Input',
        'x-component-props': { placeholder: t('search.keywordPlaceholder'), allowClear: true },
      };
      continue;
    }
    const component = searchWidgetOf(entry);
    const shownPlaceholder = searchPlaceholder(component, t);
    properties[entry.name] = {
      type: entry.mode === 'range' ? 'array' : 'string',
      title: fieldLabel(served, entry.name, t),
      'x-decorator': 'FormItem',
      'x-component': component,
      'x-component-props': {
        ...(shownPlaceholder ? { placeholder: shownPlaceholder } : {}),
        ...(component === 'Input' ? { allowClear: true } : {}),
        ...dictProps(component, entry.def),
        ...entry.props,
      },
      ...(component === 'Select' ? { enum: enumOptions(entry.def) } : {}),
    };
  }
  return { type: 'object', properties };
}
