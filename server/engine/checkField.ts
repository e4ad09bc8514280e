import type { ComputedDefaultKind, FieldDef, FieldType } from '../../runtime/model/types.js';
import { isPatternName, PATTERN_NAMES } from '../../runtime/validation/patterns.js';

type Report = (path: string, message: string) => void;

/** types whose value is text, so lengths apply */
export const TEXT_TYPES = new Set<FieldType>(['string', 'text', 'richText', 'date', 'datetime', 'file', 'image']);
/** types a keyword search or a like filter can match */
export const SEARCHABLE_TYPES = new Set<FieldType>(['string', 'text', 'richText', 'date', 'datetime']);
const NUMBER_TYPES = new Set<FieldType>(['integer', 'number']);
const UPLOAD_TYPES = new Set<FieldType>(['file', 'image']);
/** types a unique index makes sense on */
const UNIQUE_TYPES = new Set<FieldType>(['string', 'integer', 'number', 'date', 'datetime']);

/** which field types each computed default can fill */
const COMPUTED_DEFAULT_TYPES: Record<ComputedDefaultKind, FieldType[]> = {
  today: ['date', 'string'],
  now: ['datetime', 'string'],
  currentUser: ['string'],
  currentUserName: ['string'],
  currentDepart: ['string'],
  currentTenant: ['integer', 'string'],
  billNumber: ['string'],
};

function fitsType(field: FieldDef, value: unknown): boolean {
  switch (field.type) {
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'list':
    case 'json':
      return false;
    default:
      return typeof value === 'string';
  }
}

/** The rules of one field that JSON Schema cannot say: which properties fit which type, and defaults. */
export function checkField(name: string, field: FieldDef, report: Report, at = `/entity/fields/${name}`): void {
  const type = field.type;
  const isText = TEXT_TYPES.has(type);
  const only = (property: keyof FieldDef, allowed: boolean, why: string) => {
    if (field[property] !== undefined && !allowed) report(`${at}/${property}`, `${property} ${why}, not ${type}`);
  };
  only('maxLength', isText, 'needs a text type');
  only('minLength', isText, 'needs a text type');
  only('minimum', NUMBER_TYPES.has(type), 'needs a number type');
  only('maximum', NUMBER_TYPES.has(type), 'needs a number type');
  only('pattern', type === 'string' || type === 'text', 'needs type string or text');
  only('items', type === 'list', 'belongs to a list field');
  only('ref', type === 'string', 'needs type string (the referenced id)');
  only('multiple', field.ref !== undefined || UPLOAD_TYPES.has(type), 'belongs to a ref, file or image field');
  only('maxCount', UPLOAD_TYPES.has(type), 'belongs to a file or image field');
  only('accept', UPLOAD_TYPES.has(type), 'belongs to a file or image field');
  only('maxSize', UPLOAD_TYPES.has(type), 'belongs to a file or image field');
  only('keyword', SEARCHABLE_TYPES.has(type), 'needs a text field');
  only('enum', !['json', 'list', 'file', 'image', 'richText', 'boolean'].includes(type), 'does not fit');
  if (field.refLabel !== undefined && field.ref === undefined) report(`${at}/refLabel`, 'refLabel needs ref');
  if (field.maxCount !== undefined && !field.multiple) report(`${at}/maxCount`, 'maxCount needs multiple: true');
  if (type === 'list' && !field.items) report(at, 'a list field needs items (the type of its values)');
  if (field.minLength !== undefined && field.maxLength !== undefined && field.minLength > field.maxLength) report(at, 'minLength exceeds maxLength');
  if (field.pattern !== undefined && !isPatternName(field.pattern)) {
    report(`${at}/pattern`, `unknown pattern "${field.pattern}" (known: ${PATTERN_NAMES.join(', ')})`);
  }
  (field.enum ?? []).forEach((value, i) => {
    if (!fitsType(field, value)) report(`${at}/enum/${i}`, `enum value ${JSON.stringify(value)} is not ${type}`);
  });
  checkDefault(field, at, report);
  if (field.unique && !UNIQUE_TYPES.has(type)) report(`${at}/unique`, `a ${type} field cannot be unique; use type string with maxLength`);
  if (field.secret && field.unique) report(`${at}/secret`, 'a secret field cannot be unique-checkable');
  if (field.secret && field.lookup) report(`${at}/lookup`, 'a secret field cannot be named by lookups');
  if (field.compute !== undefined && field.default !== undefined) report(`${at}/default`, 'a computed field takes no default');
  if (field.compute !== undefined && field.requiredWhen !== undefined)
    report(`${at}/requiredWhen`, 'a computed field is never entered, so it cannot be required');
  if (field.required && field.requiredWhen !== undefined) report(`${at}/requiredWhen`, 'a required field needs no requiredWhen');
  if (type === 'string' && field.maxLength === undefined)
    report(`${at}/maxLength`, 'a string field needs maxLength (the column width); use type text for long text');
}

function checkDefault(field: FieldDef, at: string, report: Report): void {
  const value = field.default;
  if (value === undefined) return;
  if (typeof value === 'object') {
    const fits = COMPUTED_DEFAULT_TYPES[value.computed];
    if (!fits.includes(field.type)) report(`${at}/default/computed`, `"${value.computed}" fills a ${fits.join(' or ')} field, not ${field.type}`);
    if (value.computed === 'billNumber' && !value.rule) report(`${at}/default`, 'a billNumber default needs rule (the bill-number rule code)');
    if (value.computed !== 'billNumber' && value.rule !== undefined) report(`${at}/default/rule`, 'rule belongs to a billNumber default');
    return;
  }
  if (!fitsType(field, value)) report(`${at}/default`, `default ${JSON.stringify(value)} is not ${field.type}`);
  else if (field.enum && typeof value !== 'boolean' && !field.enum.includes(value)) report(`${at}/default`, 'default is not one of enum');
}
