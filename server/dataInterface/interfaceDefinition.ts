import { appError } from '../errors.js';

/** One declared variable of a data interface (requestParameters, JNPF's shape). */
export interface InterfaceVariable {
  field: string;
  fieldName?: string;
  dataType: 'varchar' | 'int' | 'decimal' | 'datetime';
  defaultValue?: string | number | null;
  required?: boolean;
}

/** Values every SQL interface may use without declaring them: the caller, as the server knows them. */
export const BUILT_IN_VARIABLES = ['currentUserId', 'currentUsername', 'currentTenantId', 'today'] as const;

const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const TYPES = new Set(['varchar', 'int', 'decimal', 'datetime']);

function invalid(field: string, detail: string) {
  return appError('CL_ERR_DATA_INTERFACE_INVALID', { field, detail });
}

function parseJson(text: string, field: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalid(field, 'JSON');
  }
}

/** requestParameters as stored (JSON text, or empty) -> the declared variables, checked. */
export function parseVariables(text: unknown, label = 'requestParameters'): InterfaceVariable[] {
  if (text == null || String(text).trim() === '') return [];
  const value = parseJson(String(text), label);
  if (!Array.isArray(value)) throw invalid(label, '[{ "field": … }]');
  const seen = new Set<string>();
  return value.map((raw: unknown) => {
    const item = (raw ?? {}) as Record<string, unknown>;
    const field = String(item.field ?? '');
    if (!VARIABLE_NAME.test(field) || seen.has(field) || (BUILT_IN_VARIABLES as readonly string[]).includes(field)) throw invalid(label, `field "${field}"`);
    seen.add(field);
    const dataType = String(item.dataType ?? 'varchar');
    if (!TYPES.has(dataType)) throw invalid(label, `dataType "${dataType}"`);
    const defaultValue = item.defaultValue;
    if (defaultValue !== undefined && defaultValue !== null && typeof defaultValue !== 'string' && typeof defaultValue !== 'number')
      throw invalid(label, `defaultValue of ${field}`);
    return {
      field,
      ...(typeof item.fieldName === 'string' ? { fieldName: item.fieldName.slice(0, 50) } : {}),
      dataType: dataType as InterfaceVariable['dataType'],
      ...(defaultValue !== undefined ? { defaultValue } : {}),
      required: item.required === true || item.required === 1 || item.required === '1',
    };
  });
}

/** requestHeaders (JSON object of strings) -> headers; names and values checked so none can split a request. */
export function parseHeaders(text: unknown): Record<string, string> {
  if (text == null || String(text).trim() === '') return {};
  const value = parseJson(String(text), 'requestHeaders');
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw invalid('requestHeaders', '{ "name": "value" }');
  const headers: Record<string, string> = {};
  for (const [name, raw] of Object.entries(value as Record<string, unknown>)) {
    if (
      !/^[A-Za-z0-9-]{1,64}$/.test(name) ||
      typeof raw !== 'string' ||
      /[\r\n]/.test(raw) ||
      /^(host|content-length|transfer-encoding|connection)$/i.test(name)
    ) {
      throw invalid('requestHeaders', name);
    }
    headers[name] = raw;
  }
  return headers;
}

/** staticData (JSON text) -> its value. */
export function parseStaticData(text: unknown): unknown {
  return parseJson(String(text ?? ''), 'staticData');
}

/** One variable's value from a request (text, or a JSON value), converted to its declared type; missing: its default. */
export function variableValue(variable: InterfaceVariable, raw: unknown): unknown {
  const given = raw === undefined || raw === null || raw === '' ? variable.defaultValue : raw;
  if (given === undefined || given === null || given === '') {
    if (variable.required) throw appError('CL_ERR_SQL_PARAM_MISSING', { name: variable.fieldName ?? variable.field });
    return null;
  }
  if (typeof given === 'object') throw invalid(variable.fieldName ?? variable.field, variable.dataType);
  const text = String(given);
  switch (variable.dataType) {
    case 'int':
      if (!/^-?\d{1,15}$/.test(text)) throw invalid(variable.fieldName ?? variable.field, 'int');
      return Number(text);
    case 'decimal':
      if (!/^-?\d{1,15}(\.\d{1,10})?$/.test(text)) throw invalid(variable.fieldName ?? variable.field, 'decimal');
      return Number(text);
    case 'datetime':
      if (!/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/.test(text)) throw invalid(variable.fieldName ?? variable.field, 'YYYY-MM-DD HH:mm:ss');
      return text;
    default:
      return text.slice(0, 2000);
  }
}
