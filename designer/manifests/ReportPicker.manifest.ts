import propsSchema from '../../schemas/meta/widget-props/ReportPicker.schema.json';
import type { PropsSchema, WidgetManifest } from './WidgetManifest';

/** The designer metadata of ReportPicker; its props schema is schemas/meta/widget-props/ReportPicker.schema.json. */
export const reportPickerManifest: WidgetManifest = {
  name: 'ReportPicker',
  title: 'widget.ReportPicker',
  group: 'select',
  propsSchema: propsSchema as PropsSchema,
  scaffold: { fieldType: 'string', 'x-component-props': { code: '', sourceFields: '', targetFields: '' } },
};
