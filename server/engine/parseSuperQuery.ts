import { Ajv } from 'ajv';
import type { Scalar } from '../../runtime/model/types.js';
import { appError } from '../errors.js';
import type { CompiledModel } from './compileModel.js';
import { buildCondition, RULES, type Condition, type Rule } from './conditions.js';

export const MAX_SUPER_CONDITIONS = 20;

interface SuperQueryItem {
  field: string;
  rule: string;
  val?: Scalar | Scalar[] | null;
  type?: string;
  dictCode?: string;
  dbType?: string;
}

// type/dictCode/dbType are what Jeecg's query builder sends along; they are accepted and ignored,
// because the model, not the client, says what a field is.
const schema = {
  type: 'array',
  maxItems: MAX_SUPER_CONDITIONS,
  items: {
    type: 'object',
    required: ['field', 'rule'],
    additionalProperties: false,
    properties: {
      field: { type: 'string', minLength: 1, maxLength: 100 },
      rule: { type: 'string', minLength: 1, maxLength: 20 },
      val: {
        anyOf: [
          { type: 'string', maxLength: 20000 },
          { type: 'number' },
          { type: 'null' },
          { type: 'array', maxItems: 1000, items: { type: ['string', 'number'] } },
        ],
      },
      type: { type: 'string', maxLength: 40 },
      dictCode: { type: 'string', maxLength: 100 },
      dbType: { type: 'string', maxLength: 40 },
    },
  },
} as const;

const validate = new Ajv({ allErrors: false, strict: true, allowUnionTypes: true }).compile<SuperQueryItem[]>(schema);
const RULE_SET: ReadonlySet<string> = new Set(RULES);

function parseJson(text: string): unknown {
  // Jeecg's list mixin URI-encodes the JSON before the query string encodes it again
  const candidates = text.trimStart().startsWith('[') ? [text] : [text, safeDecode(text)];
  for (const candidate of candidates) {
    if (candidate === null) continue;
    try {
      return JSON.parse(candidate);
    } catch {
      // try the next form
    }
  }
  throw appError('CL_ERR_QUERY_INVALID', { detail: 'superQueryParams is not JSON' });
}

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** superQueryParams: URI-encoded JSON [{field, rule, val}] -> checked conditions (empty values dropped). */
export function parseSuperQuery(model: CompiledModel, text: string): Condition[] {
  if (text.trim() === '') return [];
  const items = parseJson(text);
  if (Array.isArray(items) && items.length > MAX_SUPER_CONDITIONS) {
    throw appError('CL_ERR_QUERY_INVALID', { detail: `superQueryParams: at most ${MAX_SUPER_CONDITIONS} conditions` });
  }
  if (!validate(items)) {
    const first = validate.errors?.[0];
    throw appError('CL_ERR_QUERY_INVALID', { detail: `superQueryParams${first?.instancePath ?? ''} ${first?.message ?? ''}`.slice(0, 200) });
  }
  const conditions: Condition[] = [];
  for (const item of items) {
    const field = model.fields.get(item.field);
    if (!field?.filterable) throw appError('CL_ERR_FIELD_UNKNOWN', { field: item.field.slice(0, 60) });
    if (!RULE_SET.has(item.rule)) throw appError('CL_ERR_QUERY_RULE_UNKNOWN', { rule: item.rule.slice(0, 20) });
    const condition = buildCondition(field, item.rule as Rule, item.val);
    if (condition) conditions.push(condition);
  }
  return conditions;
}

export function parseMatchType(text: string | undefined): 'and' | 'or' {
  if (text === undefined || text === '' || text === 'and') return 'and';
  if (text === 'or') return 'or';
  throw appError('CL_ERR_QUERY_INVALID', { detail: 'superQueryMatchType must be and or or' });
}
