import type { ServedModel } from '../../model/types';
import { widgetNames } from './assertWidgetsRegistered';
import { buildFormSchema } from './buildFormSchema';

/** The widgets the model's form renders: what fields.preload fetches before the dialog first opens. */
export function formWidgetNames(served: ServedModel): Set<string> {
  return widgetNames(buildFormSchema(served, 'add'));
}
