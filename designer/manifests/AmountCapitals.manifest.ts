import propsSchema from '../../schemas/meta/widget-props/AmountCapitals.schema.json';
import type { PropsSchema, WidgetManifest } from './WidgetManifest';

/** The designer metadata of AmountCapitals; its props schema is schemas/meta/widget-props/AmountCapitals.schema.json. */
export const amountCapitalsManifest: WidgetManifest = {
  name: 'AmountCapitals',
  title: 'widget.AmountCapitals',
  group: 'input',
  propsSchema: propsSchema as PropsSchema,
  scaffold: { fieldType: 'number', 'x-component-props': { precision: 2 } },
};
