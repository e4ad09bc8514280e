import propsSchema from '../../schemas/meta/widget-props/CalcField.schema.json';
import type { PropsSchema, WidgetManifest } from './WidgetManifest';

/** The designer metadata of CalcField; its props schema is schemas/meta/widget-props/CalcField.schema.json. */
export const calcFieldManifest: WidgetManifest = {
  name: 'CalcField',
  title: 'widget.CalcField',
  group: 'input',
  propsSchema: propsSchema as PropsSchema,
  scaffold: { fieldType: 'number', 'x-component-props': { formula: '' } },
};
