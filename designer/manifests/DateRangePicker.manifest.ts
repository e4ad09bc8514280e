import { COMMON_PROPS, type WidgetManifest } from './WidgetManifest';

/** The designer metadata of DateRangePicker. */
export const dateRangePickerManifest: WidgetManifest = {
  name: 'DateRangePicker',
  title: 'widget.DateRangePicker',
  group: 'date',
  propsSchema: {
    type: 'object',
    properties: {
      allowClear: COMMON_PROPS.allowClear,
      disabled: COMMON_PROPS.disabled,
      placeholder: { type: 'array', items: { type: 'string' }, minItems: 2, maxItems: 2, title: 'prop.placeholder' },
    },
    additionalProperties: false,
  },
  scaffold: { fieldType: 'date', 'x-component-props': {} },
};
