import type { FieldType } from '../../runtime/model/types';

/** A JSON schema (draft-07 subset) of a widget's x-component-props, for the property panel; titles are i18n keys. */
export interface PropsSchema {
  type: 'object';
  properties: Record<string, Record<string, unknown>>;
  required?: string[];
  additionalProperties: false;
}

/**
 * Designer metadata of one registered widget, keyed by the same x-component name. It lives here, not
 * next to the widget, so runtime/ carries no designer code (tests/unit/registry.test.ts keeps the two
 * sets equal).
 */
export interface WidgetManifest {
  /** the x-component name, as registered in runtime/fields */
  name: string;
  /** palette title: a key of the 'designer' i18n namespace (designer/manifests/i18n), e.g. 'widget.DictSelect' */
  title: string;
  group: 'input' | 'select' | 'date' | 'display' | 'layout';
  propsSchema: PropsSchema;
  /** what the designer inserts: the field type it suits (none for layout) and starting props */
  scaffold: { fieldType?: FieldType; 'x-component-props': Record<string, unknown> };
}

const placeholder = { type: 'string', title: 'prop.placeholder', maxLength: 200 };
const allowClear = { type: 'boolean', title: 'prop.allowClear' };
const disabled = { type: 'boolean', title: 'prop.disabled' };

/** Props most input widgets share. */
export const COMMON_PROPS = { placeholder, allowClear, disabled } as const;

/** Props of the dictionary widgets. */
export const DICT_PROPS = {
  dictCode: { type: 'string', title: 'prop.dictCode', pattern: '^[a-z][a-z0-9_]{0,59}$' },
  valueType: { enum: ['string', 'number'], title: 'prop.valueType' },
} as const;
