import propsSchema from '../../schemas/meta/widget-props/ImageUpload.schema.json';
import type { PropsSchema, WidgetManifest } from './WidgetManifest';

/** The designer metadata of ImageUpload; its props schema is schemas/meta/widget-props/ImageUpload.schema.json. */
export const imageUploadManifest: WidgetManifest = {
  name: 'ImageUpload',
  title: 'widget.ImageUpload',
  group: 'input',
  propsSchema: propsSchema as PropsSchema,
  scaffold: { fieldType: 'image', 'x-component-props': { maxCount: 1 } },
};
