import propsSchema from '../../schemas/meta/widget-props/MultiUserPicker.schema.json';
import type { PropsSchema, WidgetManifest } from './WidgetManifest';

/** The designer metadata of MultiUserPicker; its props schema is schemas/meta/widget-props/MultiUserPicker.schema.json. */
export const multiUserPickerManifest: WidgetManifest = {
  name: 'MultiUserPicker',
  title: 'widget.MultiUserPicker',
  group: 'select',
  propsSchema: propsSchema as PropsSchema,
  scaffold: { fieldType: 'string', 'x-component-props': {} },
};
