import propsSchema from '../../schemas/meta/widget-props/CalcField.schema.json';
import type { PropsSchema, WidgetManifest } from './WidgetManifest';

/**
 * The designer metadata of CalcField; its props schema is schemas/meta/widget-props/CalcField.schema.json.
 * A placed field starts with the formula 0 (the admin writes the real one): its props schema wants a
 * formula, and a model whose formula does not parse is refused at release (server/engine/calcFields.ts).
 */
export const calcFieldManifest: WidgetManifest = {
  name: 'CalcField',
  title: 'widget.CalcField',
  group: 'input',
  propsSchema: propsSchema as PropsSchema,
  scaffold: { fieldType: 'number', 'x-component-props': { formula: '0' } },
};
