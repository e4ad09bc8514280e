import propsSchema from '../../schemas/meta/widget-props/AreaPicker.schema.json';
import type { PropsSchema, WidgetManifest } from './WidgetManifest';

/** The designer metadata of AreaPicker; its props schema is schemas/meta/widget-props/AreaPicker.schema.json. */
export const areaPickerManifest: WidgetManifest = {
  name: 'AreaPicker',
  title: 'widget.AreaPicker',
  group: 'select',
  propsSchema: propsSchema as PropsSchema,
  scaffold: { fieldType: 'string', 'x-component-props': { depth: 2 } },
};
