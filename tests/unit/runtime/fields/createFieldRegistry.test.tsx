import { describe, expect, it } from 'vitest';
import { createFieldRegistry } from '../../../../runtime/fields/createFieldRegistry';
import { createDefaultFieldRegistry, defaultFields } from '../../../../runtime/fields/defaultFields';

const Widget = () => null;
const Other = () => null;

describe('createFieldRegistry', () => {
  it('refuses a duplicate name, naming both registrations', () => {
    const fields = createFieldRegistry();
    fields.register('OrganizeSelect', Widget, { origin: 'module system' });
    expect(() => fields.register('OrganizeSelect', Other, { origin: 'module staff' })).toThrow(
      'field registry: "OrganizeSelect" is already registered by module system; cannot register it again from module staff',
    );
    expect(() => createDefaultFieldRegistry().register('DictSelect', Other)).toThrow(/runtime\/fields\/defaultFields.*Other/);
  });

  it('refuses names that are not x-component names', () => {
    expect(() => createFieldRegistry().register('dictSelect', Widget)).toThrow(/not a widget name/);
    expect(() => createFieldRegistry().register('A.B.C', Widget)).toThrow(/not a widget name/);
  });

  it('hangs dotted names off their root, as Formily resolves them', () => {
    const fields = createFieldRegistry();
    fields.register('Group.Item', Other);
    expect((fields.components.Group as Record<string, unknown>).Item).toBe(Other);
    fields.register('Group', Widget);
    const group = fields.components.Group as unknown as Record<string, unknown>;
    expect(typeof group).toBe('function');
    expect(group.Item).toBe(Other);
    expect(fields.get('Group')).toBe(Widget);
  });

  it('uses a widget that already carries its members as is', () => {
    const Sub = () => null;
    const Base = Object.assign(() => null, { Sub });
    expect(createFieldRegistry({ Base, 'Base.Sub': Sub }).components.Base).toBe(Base);
    expect(createDefaultFieldRegistry().names()).toEqual(Object.keys(defaultFields));
  });

  it('keeps registries apart (instances, not a global)', () => {
    const a = createFieldRegistry();
    const b = createFieldRegistry();
    a.register('OnlyInA', Widget);
    expect(b.has('OnlyInA')).toBe(false);
  });
});
