import { COMMON_PROPS, DICT_PROPS, type WidgetManifest } from './WidgetManifest';

/** The designer metadata of DictSelect. */
export const dictSelectManifest: WidgetManifest = {
  name: 'DictSelect',
  title: 'widget.DictSelect',
  group: 'select',
  propsSchema: {
    type: 'object',
    properties: { ...COMMON_PROPS, ...DICT_PROPS, mode: { enum: ['multiple'], title: 'prop.mode' } },
    additionalProperties: false,
    required: ['dictCode'],
  },
  scaffold: { fieldType: 'string', 'x-component-props': { dictCode: '', allowClear: true } },
};
