import { FormGrid, FormItem, FormLayout, Input, NumberPicker, Radio, Select, Switch } from '@formily/antd-v5';
import type { FieldComponent } from './createFieldRegistry';
import { createFieldRegistry, type FieldRegistry } from './createFieldRegistry';
import { DatePicker } from './DatePicker';
import { DateRangePicker } from './DateRangePicker';
import { DateTimePicker } from './DateTimePicker';
import { DictRadio } from './DictRadio';
import { DictSelect } from './DictSelect';
import { DictTag } from './DictTag';
import { NumberRange } from './NumberRange';

/**
 * The built-in widgets, keyed by `x-component` name. Formily's antd adapters are reused where they fit
 * (each already maps a readPretty view); only the dictionary, date-string and range widgets are ours.
 */
export const defaultFields: Readonly<Record<string, FieldComponent>> = {
  FormItem,
  FormLayout,
  FormGrid,
  Input,
  'Input.TextArea': Input.TextArea,
  NumberPicker,
  Select,
  'Radio.Group': Radio.Group,
  Switch,
  DatePicker,
  DateTimePicker,
  DateRangePicker,
  NumberRange,
  DictSelect,
  DictRadio,
  DictTag,
};

/**
 * A registry holding the built-in widgets; register more on it before building the runtime.
 *
 * @example
 * const fields = createDefaultFieldRegistry();
 * fields.register('OrganizeSelect', OrganizeSelect, { origin: 'src/widgets' });
 */
export function createDefaultFieldRegistry(): FieldRegistry {
  return createFieldRegistry(defaultFields, 'runtime/fields/defaultFields');
}
