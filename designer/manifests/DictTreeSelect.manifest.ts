import propsSchema from '../../schemas/meta/widget-props/DictTreeSelect.schema.json';
import type { PropsSchema, WidgetManifest } from './WidgetManifest';

/** The designer metadata of DictTreeSelect; its props schema is schemas/meta/widget-props/DictTreeSelect.schema.json. */
export const dictTreeSelectManifest: WidgetManifest = {
  name: 'DictTreeSelect',
  title: 'widget.DictTreeSelect',
  group: 'select',
  propsSchema: propsSchema as PropsSchema,
  scaffold: { fieldType: 'string', 'x-component-props': { dict: '', pidField: '' } },
};
