import type { WidgetManifest } from './WidgetManifest';

/** The designer metadata of FormGrid. */
export const formGridManifest: WidgetManifest = {
  name: 'FormGrid',
  title: 'widget.FormGrid',
  group: 'layout',
  propsSchema: {
    type: 'object',
    properties: {
      minColumns: { type: 'integer', minimum: 1, maximum: 4, title: 'prop.minColumns' },
      maxColumns: { type: 'integer', minimum: 1, maximum: 4, title: 'prop.maxColumns' },
    },
    additionalProperties: false,
  },
  scaffold: { 'x-component-props': { minColumns: 2, maxColumns: 2 } },
};
