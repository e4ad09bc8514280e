import propsSchema from '../../schemas/meta/widget-props/LookupSelect.schema.json';
import type { PropsSchema, WidgetManifest } from './WidgetManifest';

/** The designer metadata of LookupSelect; its props schema is schemas/meta/widget-props/LookupSelect.schema.json. */
export const lookupSelectManifest: WidgetManifest = {
  name: 'LookupSelect',
  title: 'widget.LookupSelect',
  group: 'select',
  propsSchema: propsSchema as PropsSchema,
  scaffold: { fieldType: 'string', 'x-component-props': { url: '/sys/position/select', valueField: 'code', labelField: 'name', multiple: false } },
};
