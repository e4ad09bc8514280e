import { describe, expect, it } from 'vitest';
import { isApiError } from '../../../../runtime/data/ApiError';
import { pickDialect } from '../../../../runtime/data/pickDialect';

describe('pickDialect', () => {
  it('returns the jeecg dialect', () => {
    expect(pickDialect('jeecg').name).toBe('jeecg');
  });

  it('returns the api dialect', () => {
    expect(pickDialect('api').name).toBe('api');
  });

  it('refuses an unknown name with CL_ERR_UNKNOWN_DIALECT, naming the model and the known dialects', () => {
    const error = (() => {
      try {
        pickDialect('rest', { id: 'system.position', base: '/api/permission/Position' });
      } catch (e) {
        return e;
      }
    })();
    expect(isApiError(error)).toBe(true);
    expect(error).toMatchObject({ kind: 'contract', errorCode: 'CL_ERR_UNKNOWN_DIALECT', url: '/api/permission/Position', dialect: 'api' });
    expect((error as Error).message).toBe('Model "system.position" declares api.dialect "rest", which this client does not speak (known: jeecg, api).');
  });

  it('does not take inherited object keys for dialects', () => {
    expect(() => pickDialect('toString')).toThrow(/does not speak/);
    expect(() => pickDialect('__proto__')).toThrow(/does not speak/);
  });
});
