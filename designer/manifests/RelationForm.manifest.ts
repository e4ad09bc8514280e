import propsSchema from '../../schemas/meta/widget-props/RelationForm.schema.json';
import type { PropsSchema, WidgetManifest } from './WidgetManifest';

/**
 * The designer metadata of RelationForm; its props schema is schemas/meta/widget-props/RelationForm.schema.json.
 * The referenced model and its display field are the entity field's ref and refLabel (the field panel's
 * reference rules), so the server validates with them.
 */
export const relationFormManifest: WidgetManifest = {
  name: 'RelationForm',
  title: 'widget.RelationForm',
  group: 'select',
  propsSchema: propsSchema as PropsSchema,
  scaffold: { fieldType: 'string', 'x-component-props': {} },
};
