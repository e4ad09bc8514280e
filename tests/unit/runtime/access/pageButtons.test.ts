import { describe, expect, it } from 'vitest';
import { createAccessChecker, whenAllowed, type PagePermission, type PermissionItem } from '../../../../runtime/access/createAccessChecker';
import { DEFAULT_BUTTON_CODES, isPageButtonAllowed, pagePermissionOf } from '../../../../runtime/access/pageButtons';

const ALL: PermissionItem[] = ['add', 'edit', 'delete'].map((a) => ({ action: `system:position:${a}`, type: '1', status: '1' }));
const page = (...codes: string[]): PagePermission => ({ modelId: 'system.position', button: codes.map((enCode) => ({ enCode })), column: [], form: [] });

describe('default page button codes (spec 000 §6)', () => {
  it('are btn_add, btn_edit and btn_remove', () => {
    expect(DEFAULT_BUTTON_CODES).toEqual({ add: 'btn_add', edit: 'btn_edit', delete: 'btn_remove' });
  });

  it('apply only when permission judging is on: no page entry, or no button list, leaves the button alone', () => {
    expect(isPageButtonAllowed(undefined, 'add')).toBe(true);
    expect(isPageButtonAllowed({ modelId: 'system.position' }, 'delete')).toBe(true);
    expect(isPageButtonAllowed(page(), 'add')).toBe(false);
    expect(isPageButtonAllowed(page('btn_add', 'btn_remove'), 'add')).toBe(true);
    expect(isPageButtonAllowed(page('btn_add', 'btn_remove'), 'edit')).toBe(false);
    expect(isPageButtonAllowed(page('btn_add', 'btn_remove'), 'delete')).toBe(true);
    // the full permission code is not the default code
    expect(isPageButtonAllowed(page('system:position:edit'), 'edit')).toBe(false);
  });

  it("finds a page's own entry in a permission list", () => {
    const other = { ...page('btn_add'), modelId: 'system.role' };
    expect(pagePermissionOf([other, page('btn_edit')], 'system.position')?.button).toEqual([{ enCode: 'btn_edit' }]);
    expect(pagePermissionOf([other], 'system.position')).toBeUndefined();
    expect(pagePermissionOf(undefined, 'system.position')).toBeUndefined();
  });
});

describe('createAccessChecker with page lists', () => {
  it('needs both the authorised code and, where the page judges, the default code', () => {
    let pageList: PagePermission | undefined = page('btn_add');
    const access = createAccessChecker({ auth: () => ALL, allAuth: () => ALL, page: (modelId) => (modelId === 'system.position' ? pageList : undefined) });
    expect(access.has('system:position:add', { modelId: 'system.position', button: 'add' })).toBe(true);
    expect(access.has('system:position:edit', { modelId: 'system.position', button: 'edit' })).toBe(false);
    // without the page context (not one of the default buttons) the authorised lists decide alone
    expect(access.has('system:position:edit')).toBe(true);
    // another page without a list: judging off
    expect(access.has('system:position:edit', { modelId: 'system.role', button: 'edit' })).toBe(true);
    // read on every check
    pageList = undefined;
    expect(access.has('system:position:edit', { modelId: 'system.position', button: 'edit' })).toBe(true);
  });

  it('an unknown action stays hidden whatever the page list says', () => {
    const access = createAccessChecker({ auth: () => ALL, allAuth: () => ALL, page: () => page('btn_add') });
    expect(access.has('system:nothing:add', { modelId: 'system.position', button: 'add' })).toBe(false);
  });
});

describe('whenAllowed', () => {
  it("runs the action when it is still allowed, otherwise gives the 'Permission Denied' tip instead", () => {
    const calls: string[] = [];
    whenAllowed(
      () => true,
      () => calls.push('run'),
      () => calls.push('denied'),
    );
    whenAllowed(
      () => false,
      () => calls.push('run'),
      () => calls.push('denied'),
    );
    expect(calls).toEqual(['run', 'denied']);
  });
});
