import type { WidgetManifest } from './WidgetManifest';

/** The designer metadata of FormItem. */
export const formItemManifest: WidgetManifest = {
  name: 'FormItem',
  title: 'widget.FormItem',
  group: 'layout',
  propsSchema: {
    type: 'object',
    properties: {
      tooltip: { type: 'string', title: 'prop.tooltip', maxLength: 200 },
      gridSpan: { type: 'integer', minimum: 1, maximum: 4, title: 'prop.gridSpan' },
      colon: { type: 'boolean', title: 'prop.colon' },
    },
    additionalProperties: false,
  },
  scaffold: { 'x-component-props': {} },
};
