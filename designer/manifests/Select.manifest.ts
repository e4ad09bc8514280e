import { COMMON_PROPS, type WidgetManifest } from './WidgetManifest';

/** The designer metadata of Select. */
export const selectManifest: WidgetManifest = {
  name: 'Select',
  title: 'widget.Select',
  group: 'select',
  propsSchema: {
    type: 'object',
    properties: { ...COMMON_PROPS, mode: { enum: ['multiple', 'tags'], title: 'prop.mode' }, showSearch: { type: 'boolean', title: 'prop.showSearch' } },
    additionalProperties: false,
  },
  scaffold: { fieldType: 'string', 'x-component-props': { allowClear: true } },
};
