import { describe, expect, it } from 'vitest';
import { isActionAllowed, subActionsOf, type PermissionItem } from '../../../../runtime/access/isActionAllowed';

const p = (action: string, type = '1', status?: string): PermissionItem => ({ action, type, describe: action, ...(status ? { status } : {}) });

/**
 * spec 000 §6 (and 001 §6), sentence by sentence:
 * "an action is allowed if the list has a type '2' entry with that action; otherwise it is decided
 * from the stored authorised and all-permission lists (status '0' in the all-list denies; an action in
 * the all-list but not in the authorised list is denied). Type '1' entries with a prefix give derived
 * sub-actions. Otherwise the element is removed." §3: "action (may be comma-separated)".
 */
const TABLE: { rule: string; action: string; auth: PermissionItem[]; allAuth: PermissionItem[]; allowed: boolean }[] = [
  { rule: "a type '2' entry with that action allows", action: 'user:add', auth: [p('user:add', '2')], allAuth: [p('user:add', '1', '1')], allowed: true },
  {
    rule: "a type '2' entry allows even when the all-list disables the rule",
    action: 'user:add',
    auth: [p('user:add', '2')],
    allAuth: [p('user:add', '1', '0')],
    allowed: true,
  },
  {
    rule: "a type '2' entry for another action does not allow",
    action: 'user:add',
    auth: [p('user:edit', '2')],
    allAuth: [p('user:add', '1', '1')],
    allowed: false,
  },
  { rule: "status '0' in the all-list denies", action: 'user:add', auth: [p('user:add')], allAuth: [p('user:add', '1', '0')], allowed: false },
  {
    rule: "status '0' on any all-list entry of the action denies",
    action: 'user:add',
    auth: [p('user:add')],
    allAuth: [p('user:add', '1', '1'), p('user:add', '1', '0')],
    allowed: false,
  },
  {
    rule: 'in the all-list but not in the authorised list: denied',
    action: 'user:add',
    auth: [p('user:edit')],
    allAuth: [p('user:add', '1', '1'), p('user:edit', '1', '1')],
    allowed: false,
  },
  { rule: 'in the all-list but the authorised list is empty: denied', action: 'user:add', auth: [], allAuth: [p('user:add', '1', '1')], allowed: false },
  { rule: 'in the all-list and in the authorised list: allowed', action: 'user:add', auth: [p('user:add')], allAuth: [p('user:add', '1', '1')], allowed: true },
  { rule: 'an action the all-list does not know: hidden', action: 'user:export', auth: [], allAuth: [p('user:add', '1', '1')], allowed: false },
  {
    rule: 'an action the all-list does not know stays hidden even when authorised',
    action: 'user:export',
    auth: [p('user:export')],
    allAuth: [p('user:add', '1', '1')],
    allowed: false,
  },
  {
    rule: 'comma-separated authorised entry grants each action',
    action: 'user:edit',
    auth: [p('user:add,user:edit')],
    allAuth: [p('user:edit', '1', '1')],
    allowed: true,
  },
  { rule: 'comma-separated all-list entry rules each action', action: 'user:edit', auth: [], allAuth: [p('user:add, user:edit', '1', '1')], allowed: false },
  {
    rule: "comma-separated type '2' entry allows each action",
    action: 'user:edit',
    auth: [p('user:add,user:edit', '2')],
    allAuth: [p('user:edit', '1', '0')],
    allowed: true,
  },
  { rule: 'a prefix of a code is not the code', action: 'user:add', auth: [p('user:addAll')], allAuth: [p('user:add', '1', '1')], allowed: false },
  { rule: 'an element without an action stays', action: '', auth: [], allAuth: [p('user:add', '1', '1')], allowed: true },
];

describe('isActionAllowed (spec 000 §6 button rule)', () => {
  it.each(TABLE)('$rule', ({ action, auth, allAuth, allowed }) => {
    expect(isActionAllowed(action, auth, allAuth)).toBe(allowed);
  });
});

describe("subActionsOf (type '1' entries with a prefix give derived sub-actions)", () => {
  const allAuth = [
    p('system:position:add', '1', '1'),
    p('system:position:edit', '1', '1'),
    p('system:position:delete', '1', '0'),
    p('system:user:add', '1', '1'),
  ];
  const auth = [p('system:position:add,system:position:edit'), p('system:position:delete'), p('system:position:state', '2'), p('system:user:add')];

  it("derives the allowed type '1' sub-actions under the prefix", () => {
    expect(subActionsOf('system:position:', auth, allAuth)).toEqual(['add', 'edit']);
  });

  it('finds nothing under a prefix without grants', () => {
    expect(subActionsOf('system:role:', auth, allAuth)).toEqual([]);
  });
});
