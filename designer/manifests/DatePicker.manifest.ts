import { COMMON_PROPS, type WidgetManifest } from './WidgetManifest';

/** The designer metadata of DatePicker. */
export const datePickerManifest: WidgetManifest = {
  name: 'DatePicker',
  title: 'widget.DatePicker',
  group: 'date',
  propsSchema: { type: 'object', properties: { ...COMMON_PROPS }, additionalProperties: false },
  scaffold: { fieldType: 'date', 'x-component-props': {} },
};
