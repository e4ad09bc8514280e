import { COMMON_PROPS, type WidgetManifest } from './WidgetManifest';

/** The designer metadata of DateTimePicker. */
export const dateTimePickerManifest: WidgetManifest = {
  name: 'DateTimePicker',
  title: 'widget.DateTimePicker',
  group: 'date',
  propsSchema: { type: 'object', properties: { ...COMMON_PROPS }, additionalProperties: false },
  scaffold: { fieldType: 'datetime', 'x-component-props': {} },
};
