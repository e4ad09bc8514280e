import type { WidgetManifest } from './WidgetManifest';

/** The designer metadata of FormTab (form.tabs). */
export const formTabManifest: WidgetManifest = {
  name: 'FormTab',
  title: 'widget.FormTab',
  group: 'layout',
  propsSchema: { type: 'object', properties: { size: { enum: ['small', 'middle', 'large'], title: 'prop.size' } }, additionalProperties: false },
  scaffold: { 'x-component-props': {} },
};

/** The designer metadata of one tab of FormTab. */
export const formTabPaneManifest: WidgetManifest = {
  name: 'FormTab.TabPane',
  title: 'widget.FormTab_TabPane',
  group: 'layout',
  propsSchema: { type: 'object', properties: { tab: { type: 'string', title: 'prop.tab', maxLength: 100 } }, additionalProperties: false },
  scaffold: { 'x-component-props': { tab: '基本信息' } },
};
