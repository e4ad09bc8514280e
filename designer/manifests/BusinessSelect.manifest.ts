import propsSchema from '../../schemas/meta/widget-props/BusinessSelect.schema.json';
import type { PropsSchema, WidgetManifest } from './WidgetManifest';

/** The designer metadata of BusinessSelect; its props schema is schemas/meta/widget-props/BusinessSelect.schema.json. */
export const businessSelectManifest: WidgetManifest = {
  name: 'BusinessSelect',
  title: 'widget.BusinessSelect',
  group: 'select',
  propsSchema: propsSchema as PropsSchema,
  scaffold: { fieldType: 'string', 'x-component-props': { model: '', labelField: '', columns: [] } },
};
