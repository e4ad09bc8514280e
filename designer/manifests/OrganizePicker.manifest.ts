import propsSchema from '../../schemas/meta/widget-props/OrganizePicker.schema.json';
import type { PropsSchema, WidgetManifest } from './WidgetManifest';

/** The designer metadata of OrganizePicker; its props schema is schemas/meta/widget-props/OrganizePicker.schema.json. */
export const organizePickerManifest: WidgetManifest = {
  name: 'OrganizePicker',
  title: 'widget.OrganizePicker',
  group: 'select',
  propsSchema: propsSchema as PropsSchema,
  scaffold: { fieldType: 'string', 'x-component-props': { multiple: true } },
};
