import { COMMON_PROPS, type WidgetManifest } from './WidgetManifest';

/** The designer metadata of Input. */
export const inputManifest: WidgetManifest = {
  name: 'Input',
  title: 'widget.Input',
  group: 'input',
  propsSchema: {
    type: 'object',
    properties: {
      ...COMMON_PROPS,
      maxLength: { type: 'integer', minimum: 1, title: 'prop.maxLength' },
      showCount: { type: 'boolean', title: 'prop.showCount' },
    },
    additionalProperties: false,
  },
  scaffold: { fieldType: 'string', 'x-component-props': { allowClear: true } },
};
