import propsSchema from '../../schemas/meta/widget-props/DocumentPreview.schema.json';
import type { PropsSchema, WidgetManifest } from './WidgetManifest';

/** The designer metadata of DocumentPreview; its props schema is schemas/meta/widget-props/DocumentPreview.schema.json. */
export const documentPreviewManifest: WidgetManifest = {
  name: 'DocumentPreview',
  title: 'widget.DocumentPreview',
  group: 'display',
  propsSchema: propsSchema as PropsSchema,
  scaffold: { fieldType: 'file', 'x-component-props': {} },
};
