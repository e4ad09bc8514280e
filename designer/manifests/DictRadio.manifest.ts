import { DICT_PROPS, type WidgetManifest } from './WidgetManifest';

/** The designer metadata of DictRadio. */
export const dictRadioManifest: WidgetManifest = {
  name: 'DictRadio',
  title: 'widget.DictRadio',
  group: 'select',
  propsSchema: {
    type: 'object',
    properties: { ...DICT_PROPS, disabled: { type: 'boolean', title: 'prop.disabled' }, optionType: { enum: ['default', 'button'], title: 'prop.optionType' } },
    additionalProperties: false,
    required: ['dictCode'],
  },
  scaffold: { fieldType: 'string', 'x-component-props': { dictCode: '' } },
};
