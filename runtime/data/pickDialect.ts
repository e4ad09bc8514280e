import { ApiError } from './ApiError';
import { apiDialect } from './dialects/api/apiDialect';
import type { Dialect, DialectName } from './dialects/Dialect';
import { jeecgDialect } from './dialects/jeecg/jeecgDialect';
import { familyOf } from '../model/familyOf';

const DIALECTS: Record<DialectName, Dialect> = { jeecg: jeecgDialect, api: apiDialect };

/**
 * The dialect a model declares (model.api.dialect), or for a URL family. A name this client does not
 * speak is a contract error (CL_ERR_UNKNOWN_DIALECT) naming the ones it does; nothing is guessed.
 *
 * @example
 * const dialect = pickDialect(model.api.dialect, { id: model.id, base: model.api.base });
 */
export function pickDialect(name: string, model?: { id: string; base: string }): Dialect {
  const dialect = Object.hasOwn(DIALECTS, name) ? DIALECTS[name as DialectName] : undefined;
  if (dialect) return dialect;
  const known = Object.keys(DIALECTS).join(', ');
  throw new ApiError({
    kind: 'contract',
    message: `${model ? `Model "${model.id}" declares` : 'Asked for'} api.dialect "${name}", which this client does not speak (known: ${known}).`,
    status: 0,
    code: 0,
    url: model?.base ?? '',
    method: '',
    dialect: familyOf(model?.base ?? ''),
    errorCode: 'CL_ERR_UNKNOWN_DIALECT',
  });
}
