import propsSchema from '../../schemas/meta/widget-props/ChunkUpload.schema.json';
import type { PropsSchema, WidgetManifest } from './WidgetManifest';

/** The designer metadata of ChunkUpload; its props schema is schemas/meta/widget-props/ChunkUpload.schema.json. */
export const chunkUploadManifest: WidgetManifest = {
  name: 'ChunkUpload',
  title: 'widget.ChunkUpload',
  group: 'input',
  propsSchema: propsSchema as PropsSchema,
  scaffold: { fieldType: 'file', 'x-component-props': { biz: 'annex' } },
};
