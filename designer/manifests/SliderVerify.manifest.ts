import type { WidgetManifest } from './WidgetManifest';

/** The designer metadata of SliderVerify (runtime/fields/SliderVerify.tsx): a boolean that turns true once dragged to the end. */
export const sliderVerifyManifest: WidgetManifest = {
  name: 'SliderVerify',
  title: 'widget.SliderVerify',
  group: 'input',
  propsSchema: {
    type: 'object',
    properties: {
      text: { type: 'string', maxLength: 50, title: 'prop.text' },
      successText: { type: 'string', maxLength: 50, title: 'prop.successText' },
      height: { type: 'integer', minimum: 24, maximum: 80, title: 'prop.height' },
      disabled: { type: 'boolean', title: 'prop.disabled' },
    },
    additionalProperties: false,
  },
  scaffold: { fieldType: 'boolean', 'x-component-props': {} },
};
