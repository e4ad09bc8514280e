import propsSchema from '../../schemas/meta/widget-props/CategoryTreeSelect.schema.json';
import type { PropsSchema, WidgetManifest } from './WidgetManifest';

/** The designer metadata of CategoryTreeSelect; its props schema is schemas/meta/widget-props/CategoryTreeSelect.schema.json. */
export const categoryTreeSelectManifest: WidgetManifest = {
  name: 'CategoryTreeSelect',
  title: 'widget.CategoryTreeSelect',
  group: 'select',
  propsSchema: propsSchema as PropsSchema,
  scaffold: { fieldType: 'string', 'x-component-props': { pcode: '' } },
};
