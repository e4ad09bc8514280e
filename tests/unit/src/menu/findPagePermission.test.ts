import { describe, expect, it } from 'vitest';
import { findPagePermission } from '../../../../src/menu/findPagePermission';
import type { MenuNode } from '../../../../src/session/types';

const node = (id: string, meta: Partial<MenuNode['meta']>, children?: MenuNode[]): MenuNode => ({ id, path: `/${id}`, meta: { title: id, ...meta }, children });

describe('findPagePermission', () => {
  it("finds the model's entry in any menu item's meta.permissionList, nested too", () => {
    const entry = { modelId: 'system.position', button: [{ enCode: 'btn_add' }] };
    const menu = [
      node('home', {}),
      node('system', {}, [node('role', { relationId: 'system.role' }), node('position', { relationId: 'system.position', permissionList: [entry] })]),
    ];
    expect(findPagePermission(menu, 'system.position')).toEqual(entry);
    expect(findPagePermission(menu, 'system.role')).toBeUndefined();
    expect(findPagePermission(null, 'system.position')).toBeUndefined();
  });
});
