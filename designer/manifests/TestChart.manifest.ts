import propsSchema from '../../schemas/meta/widget-props/TestChart.schema.json';
import type { PropsSchema, WidgetManifest } from './WidgetManifest';

/** The designer metadata of TestChart; its props schema is schemas/meta/widget-props/TestChart.schema.json. */
export const testChartManifest: WidgetManifest = {
  name: 'TestChart',
  title: 'widget.TestChart',
  group: 'display',
  propsSchema: propsSchema as PropsSchema,
  scaffold: { fieldType: 'text', 'x-component-props': { url: '/', method: 'get', dataType: 'static', degree: 2 } },
};
