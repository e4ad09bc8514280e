import type { WidgetManifest } from './WidgetManifest';

/** The designer metadata of Switch. */
export const switchManifest: WidgetManifest = {
  name: 'Switch',
  title: 'widget.Switch',
  group: 'select',
  propsSchema: {
    type: 'object',
    properties: { disabled: { type: 'boolean', title: 'prop.disabled' }, size: { enum: ['default', 'small'], title: 'prop.size' } },
    additionalProperties: false,
  },
  scaffold: { fieldType: 'integer', 'x-component-props': {} },
};
