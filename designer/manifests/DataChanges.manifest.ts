import propsSchema from '../../schemas/meta/widget-props/DataChanges.schema.json';
import type { PropsSchema, WidgetManifest } from './WidgetManifest';

/** The designer metadata of DataChanges (the data change log's diff view); its props schema is schemas/meta/widget-props/DataChanges.schema.json. */
export const dataChangesManifest: WidgetManifest = {
  name: 'DataChanges',
  title: 'widget.DataChanges',
  group: 'display',
  propsSchema: propsSchema as PropsSchema,
  scaffold: { fieldType: 'json', 'x-component-props': {} },
};
