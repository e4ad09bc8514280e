import { DICT_PROPS, type WidgetManifest } from './WidgetManifest';

/** The designer metadata of DictTag. */
export const dictTagManifest: WidgetManifest = {
  name: 'DictTag',
  title: 'widget.DictTag',
  group: 'display',
  propsSchema: { type: 'object', properties: { dictCode: DICT_PROPS.dictCode }, additionalProperties: false, required: ['dictCode'] },
  scaffold: { fieldType: 'string', 'x-component-props': { dictCode: '' } },
};
