import propsSchema from '../../schemas/meta/widget-props/FileUpload.schema.json';
import type { PropsSchema, WidgetManifest } from './WidgetManifest';

/** The designer metadata of FileUpload; its props schema is schemas/meta/widget-props/FileUpload.schema.json. */
export const fileUploadManifest: WidgetManifest = {
  name: 'FileUpload',
  title: 'widget.FileUpload',
  group: 'input',
  propsSchema: propsSchema as PropsSchema,
  scaffold: { fieldType: 'file', 'x-component-props': { multiple: true, maxCount: 5 } },
};
