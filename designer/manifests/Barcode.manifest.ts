import propsSchema from '../../schemas/meta/widget-props/Barcode.schema.json';
import type { PropsSchema, WidgetManifest } from './WidgetManifest';

/** The designer metadata of Barcode; its props schema is schemas/meta/widget-props/Barcode.schema.json. */
export const barcodeManifest: WidgetManifest = {
  name: 'Barcode',
  title: 'widget.Barcode',
  group: 'display',
  propsSchema: propsSchema as PropsSchema,
  scaffold: { fieldType: 'string', 'x-component-props': { width: 4, height: 40 } },
};
