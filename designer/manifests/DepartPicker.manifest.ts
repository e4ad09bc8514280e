import propsSchema from '../../schemas/meta/widget-props/DepartPicker.schema.json';
import type { PropsSchema, WidgetManifest } from './WidgetManifest';

/** The designer metadata of DepartPicker; its props schema is schemas/meta/widget-props/DepartPicker.schema.json. */
export const departPickerManifest: WidgetManifest = {
  name: 'DepartPicker',
  title: 'widget.DepartPicker',
  group: 'select',
  propsSchema: propsSchema as PropsSchema,
  scaffold: { fieldType: 'string', 'x-component-props': { multiple: false } },
};
