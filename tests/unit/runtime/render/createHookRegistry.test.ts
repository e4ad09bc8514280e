import { describe, expect, it } from 'vitest';
import { createHookRegistry } from '../../../../runtime/hooks/createHookRegistry';

describe('createHookRegistry', () => {
  it('registers named hooks per kind and refuses a duplicate', () => {
    const hooks = createHookRegistry();
    const join = (values: Record<string, unknown>) => ({ ...values, departIds: String(values.departIds) });
    hooks.register('beforeSubmit', 'user.joinDepartIds', join);
    expect(hooks.get('beforeSubmit', 'user.joinDepartIds')).toBe(join);
    expect(hooks.get('afterLoad', 'user.joinDepartIds')).toBeUndefined();
    expect(() => hooks.register('beforeSubmit', 'user.joinDepartIds', join)).toThrow('beforeSubmit hook "user.joinDepartIds" is already registered');
    expect(() => hooks.require('afterLoad', 'user.fillBirthday')).toThrow('no afterLoad hook named "user.fillBirthday"');
  });

  it('keeps registries apart', () => {
    const a = createHookRegistry();
    a.register('afterLoad', 'x.y', (record) => record);
    expect(createHookRegistry().get('afterLoad', 'x.y')).toBeUndefined();
  });
});
