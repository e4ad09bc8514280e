import propsSchema from '../../schemas/meta/widget-props/CodeEditor.schema.json';
import type { PropsSchema, WidgetManifest } from './WidgetManifest';

/** The designer metadata of CodeEditor; its props schema is schemas/meta/widget-props/CodeEditor.schema.json. */
export const codeEditorManifest: WidgetManifest = {
  name: 'CodeEditor',
  title: 'widget.CodeEditor',
  group: 'input',
  propsSchema: propsSchema as PropsSchema,
  scaffold: { fieldType: 'text', 'x-component-props': { language: 'text', height: 240 } },
};
