import propsSchema from '../../schemas/meta/widget-props/PrintTemplateDesigner.schema.json';
import type { PropsSchema, WidgetManifest } from './WidgetManifest';

/** The designer metadata of PrintTemplateDesigner (a print template's blocks, bound to the form's formId). */
export const printTemplateDesignerManifest: WidgetManifest = {
  name: 'PrintTemplateDesigner',
  title: 'widget.PrintTemplateDesigner',
  group: 'input',
  propsSchema: propsSchema as PropsSchema,
  scaffold: { fieldType: 'json', 'x-component-props': {} },
};
