import propsSchema from '../../schemas/meta/widget-props/DictSearchSelect.schema.json';
import type { PropsSchema, WidgetManifest } from './WidgetManifest';

/** The designer metadata of DictSearchSelect; its props schema is schemas/meta/widget-props/DictSearchSelect.schema.json. */
export const dictSearchSelectManifest: WidgetManifest = {
  name: 'DictSearchSelect',
  title: 'widget.DictSearchSelect',
  group: 'select',
  propsSchema: propsSchema as PropsSchema,
  scaffold: { fieldType: 'string', 'x-component-props': { dict: '', debounce: 300 } },
};
