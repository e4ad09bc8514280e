import propsSchema from '../../schemas/meta/widget-props/CronInput.schema.json';
import type { PropsSchema, WidgetManifest } from './WidgetManifest';

/** The designer metadata of CronInput; its props schema is schemas/meta/widget-props/CronInput.schema.json. */
export const cronInputManifest: WidgetManifest = {
  name: 'CronInput',
  title: 'widget.CronInput',
  group: 'input',
  propsSchema: propsSchema as PropsSchema,
  scaffold: { fieldType: 'string', 'x-component-props': {} },
};
