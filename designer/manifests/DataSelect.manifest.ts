import propsSchema from '../../schemas/meta/widget-props/DataSelect.schema.json';
import type { PropsSchema, WidgetManifest } from './WidgetManifest';

/** The designer metadata of DataSelect; its props schema is schemas/meta/widget-props/DataSelect.schema.json. */
export const dataSelectManifest: WidgetManifest = {
  name: 'DataSelect',
  title: 'widget.DataSelect',
  group: 'select',
  propsSchema: propsSchema as PropsSchema,
  scaffold: { fieldType: 'string', 'x-component-props': { model: '', labelField: '', columns: [] } },
};
