// The everyday form widgets (Formily's antd adapters and our dictionary widgets), in one chunk fetched with the
// first form a page shows: defaultFields registers each by its loader, so a list page loads none of them.
export { FormGrid, FormItem, FormLayout, Input, NumberPicker, Radio, Select, Switch } from '@formily/antd-v5';
export { DictRadio } from './DictRadio';
export { DictSelect } from './DictSelect';
export { NumberRange } from './NumberRange';
