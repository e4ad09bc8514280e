import propsSchema from '../../schemas/meta/widget-props/ThemeColor.schema.json';
import type { PropsSchema, WidgetManifest } from './WidgetManifest';

/** The designer metadata of ThemeColor; its props schema is schemas/meta/widget-props/ThemeColor.schema.json. */
export const themeColorManifest: WidgetManifest = {
  name: 'ThemeColor',
  title: 'widget.ThemeColor',
  group: 'select',
  propsSchema: propsSchema as PropsSchema,
  scaffold: { fieldType: 'string', 'x-component-props': { custom: true } },
};
