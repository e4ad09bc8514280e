import type { WidgetManifest } from './WidgetManifest';

/** The designer metadata of NumberRange. */
export const numberRangeManifest: WidgetManifest = {
  name: 'NumberRange',
  title: 'widget.NumberRange',
  group: 'input',
  propsSchema: {
    type: 'object',
    properties: {
      disabled: { type: 'boolean', title: 'prop.disabled' },
      placeholder: { type: 'array', items: { type: 'string' }, minItems: 2, maxItems: 2, title: 'prop.placeholder' },
    },
    additionalProperties: false,
  },
  scaffold: { fieldType: 'number', 'x-component-props': {} },
};
