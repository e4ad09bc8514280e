import propsSchema from '../../schemas/meta/widget-props/RichTextEditor.schema.json';
import type { PropsSchema, WidgetManifest } from './WidgetManifest';

/** The designer metadata of RichTextEditor; its props schema is schemas/meta/widget-props/RichTextEditor.schema.json. */
export const richTextEditorManifest: WidgetManifest = {
  name: 'RichTextEditor',
  title: 'widget.RichTextEditor',
  group: 'input',
  propsSchema: propsSchema as PropsSchema,
  scaffold: { fieldType: 'richText', 'x-component-props': { height: 300 } },
};
