import { describe, expect, it } from 'vitest';
import { createAccessChecker, type PermissionItem } from '../../../../runtime/access/createAccessChecker';

describe('createAccessChecker', () => {
  it('reads the session lists on every check', () => {
    const session: { auth: PermissionItem[]; allAuth: PermissionItem[] } = { auth: [], allAuth: [{ action: 'system:position:add', type: '1', status: '1' }] };
    const access = createAccessChecker({ auth: () => session.auth, allAuth: () => session.allAuth });
    expect(access.has('system:position:add')).toBe(false);
    session.auth = [{ action: 'system:position:add', type: '1' }];
    expect(access.has('system:position:add')).toBe(true);
    expect(access.subActions('system:position:')).toEqual(['add']);
  });

  it('two checkers over different sessions do not share anything', () => {
    const a = createAccessChecker({ auth: () => [{ action: 'x', type: '1' }], allAuth: () => [{ action: 'x', type: '1', status: '1' }] });
    const b = createAccessChecker({ auth: () => [], allAuth: () => [{ action: 'x', type: '1', status: '1' }] });
    expect([a.has('x'), b.has('x')]).toEqual([true, false]);
  });
});
