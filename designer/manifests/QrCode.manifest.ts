import propsSchema from '../../schemas/meta/widget-props/QrCode.schema.json';
import type { PropsSchema, WidgetManifest } from './WidgetManifest';

/** The designer metadata of QrCode; its props schema is schemas/meta/widget-props/QrCode.schema.json. */
export const qrCodeManifest: WidgetManifest = {
  name: 'QrCode',
  title: 'widget.QrCode',
  group: 'display',
  propsSchema: propsSchema as PropsSchema,
  scaffold: { fieldType: 'string', 'x-component-props': { size: 40 } },
};
