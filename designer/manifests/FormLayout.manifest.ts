import type { WidgetManifest } from './WidgetManifest';

/** The designer metadata of FormLayout. */
export const formLayoutManifest: WidgetManifest = {
  name: 'FormLayout',
  title: 'widget.FormLayout',
  group: 'layout',
  propsSchema: {
    type: 'object',
    properties: {
      labelCol: { type: 'integer', minimum: 1, maximum: 24, title: 'prop.labelCol' },
      wrapperCol: { type: 'integer', minimum: 1, maximum: 24, title: 'prop.wrapperCol' },
      layout: { enum: ['horizontal', 'vertical', 'inline'], title: 'prop.layout' },
    },
    additionalProperties: false,
  },
  scaffold: { 'x-component-props': { labelCol: 6, wrapperCol: 18 } },
};
