import propsSchema from '../../schemas/meta/widget-props/EditableTable.schema.json';
import type { PropsSchema, WidgetManifest } from './WidgetManifest';

/** The designer metadata of EditableTable; its props schema is schemas/meta/widget-props/EditableTable.schema.json. */
export const editableTableManifest: WidgetManifest = {
  name: 'EditableTable',
  title: 'widget.EditableTable',
  group: 'input',
  propsSchema: propsSchema as unknown as PropsSchema,
  scaffold: {
    fieldType: 'json',
    'x-component-props': {
      columns: [{ key: 'name', title: '名称', validateRules: [{ required: true }] }],
      rowNumber: true,
      rowSelection: true,
      dragSort: true,
    },
  },
};
