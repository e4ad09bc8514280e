import { COMMON_PROPS, type WidgetManifest } from './WidgetManifest';

/** The designer metadata of Input.TextArea. */
export const inputTextAreaManifest: WidgetManifest = {
  name: 'Input.TextArea',
  title: 'widget.Input_TextArea',
  group: 'input',
  propsSchema: {
    type: 'object',
    properties: {
      ...COMMON_PROPS,
      rows: { type: 'integer', minimum: 1, maximum: 30, title: 'prop.rows' },
      showCount: { type: 'boolean', title: 'prop.showCount' },
    },
    additionalProperties: false,
  },
  scaffold: { fieldType: 'text', 'x-component-props': { rows: 4 } },
};
