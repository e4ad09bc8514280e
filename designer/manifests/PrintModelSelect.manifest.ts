import propsSchema from '../../schemas/meta/widget-props/PrintModelSelect.schema.json';
import type { PropsSchema, WidgetManifest } from './WidgetManifest';

/** The designer metadata of PrintModelSelect (the model a print template binds). */
export const printModelSelectManifest: WidgetManifest = {
  name: 'PrintModelSelect',
  title: 'widget.PrintModelSelect',
  group: 'select',
  propsSchema: propsSchema as PropsSchema,
  scaffold: { fieldType: 'string', 'x-component-props': {} },
};
