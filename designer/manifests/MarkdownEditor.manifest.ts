import propsSchema from '../../schemas/meta/widget-props/MarkdownEditor.schema.json';
import type { PropsSchema, WidgetManifest } from './WidgetManifest';

/** The designer metadata of MarkdownEditor; its props schema is schemas/meta/widget-props/MarkdownEditor.schema.json. */
export const markdownEditorManifest: WidgetManifest = {
  name: 'MarkdownEditor',
  title: 'widget.MarkdownEditor',
  group: 'input',
  propsSchema: propsSchema as PropsSchema,
  scaffold: { fieldType: 'text', 'x-component-props': { height: 300 } },
};
