import propsSchema from '../../schemas/meta/widget-props/UserSelect.schema.json';
import type { PropsSchema, WidgetManifest } from './WidgetManifest';

/** The designer metadata of UserSelect; its props schema is schemas/meta/widget-props/UserSelect.schema.json. */
export const userSelectManifest: WidgetManifest = {
  name: 'UserSelect',
  title: 'widget.UserSelect',
  group: 'select',
  propsSchema: propsSchema as PropsSchema,
  scaffold: { fieldType: 'string', 'x-component-props': {} },
};
