import { describe, expect, it } from 'vitest';
import { parseRoute } from '../../../../runtime/data/parseRoute';

describe('parseRoute', () => {
  it('splits a route into method and path', () => {
    expect(parseRoute('PUT /api/x/{id}/Actions/State')).toEqual({ method: 'PUT', path: '/api/x/{id}/Actions/State' });
  });

  it('refuses something that is not a route', () => {
    expect(() => parseRoute('FETCH /x')).toThrow(/METHOD \/path/);
    expect(() => parseRoute('GET x')).toThrow(/METHOD \/path/);
  });
});
