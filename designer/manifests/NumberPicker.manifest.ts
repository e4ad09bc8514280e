import { COMMON_PROPS, type WidgetManifest } from './WidgetManifest';

/** The designer metadata of NumberPicker. */
export const numberPickerManifest: WidgetManifest = {
  name: 'NumberPicker',
  title: 'widget.NumberPicker',
  group: 'input',
  propsSchema: {
    type: 'object',
    properties: {
      placeholder: COMMON_PROPS.placeholder,
      disabled: COMMON_PROPS.disabled,
      precision: { type: 'integer', minimum: 0, maximum: 10, title: 'prop.precision' },
      step: { type: 'number', title: 'prop.step' },
    },
    additionalProperties: false,
  },
  scaffold: { fieldType: 'number', 'x-component-props': {} },
};
