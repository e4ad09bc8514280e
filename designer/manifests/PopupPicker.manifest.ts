import propsSchema from '../../schemas/meta/widget-props/PopupPicker.schema.json';
import type { PropsSchema, WidgetManifest } from './WidgetManifest';

/** The designer metadata of PopupPicker; its props schema is schemas/meta/widget-props/PopupPicker.schema.json. */
export const popupPickerManifest: WidgetManifest = {
  name: 'PopupPicker',
  title: 'widget.PopupPicker',
  group: 'select',
  propsSchema: propsSchema as PropsSchema,
  scaffold: { fieldType: 'string', 'x-component-props': { code: '', sourceFields: '', targetFields: '' } },
};
