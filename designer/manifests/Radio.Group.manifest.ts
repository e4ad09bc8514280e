import type { WidgetManifest } from './WidgetManifest';

/** The designer metadata of Radio.Group. */
export const radioGroupManifest: WidgetManifest = {
  name: 'Radio.Group',
  title: 'widget.Radio_Group',
  group: 'select',
  propsSchema: {
    type: 'object',
    properties: { disabled: { type: 'boolean', title: 'prop.disabled' }, optionType: { enum: ['default', 'button'], title: 'prop.optionType' } },
    additionalProperties: false,
  },
  scaffold: { fieldType: 'string', 'x-component-props': {} },
};
