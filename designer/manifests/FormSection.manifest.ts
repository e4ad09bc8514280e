import type { WidgetManifest } from './WidgetManifest';

/** The designer metadata of FormSection (a titled group of form.sections). */
export const formSectionManifest: WidgetManifest = {
  name: 'FormSection',
  title: 'widget.FormSection',
  group: 'layout',
  propsSchema: { type: 'object', properties: { title: { type: 'string', title: 'prop.title', maxLength: 100 } }, additionalProperties: false },
  scaffold: { 'x-component-props': { title: '基本信息' } },
};
