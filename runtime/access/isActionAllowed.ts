/**
 * One button permission as GET /sys/permission/getUserPermissionByToken sends it in `auth` (the
 * user's grants) and `allAuth` (every rule of the system). `action` may hold several codes separated
 * by commas; `type` '2' marks an entry that is not a button permit; `status` '0' marks a disabled rule.
 */
export interface PermissionItem {
  action: string;
  type: string;
  describe?: string;
  status?: string;
}

/** The codes of an entry: its action split at commas, blanks dropped. */
export function actionsOf(item: PermissionItem): string[] {
  return String(item.action ?? '')
    .split(',')
    .map((code) => code.trim())
    .filter((code) => code !== '');
}

function names(item: PermissionItem, action: string): boolean {
  return actionsOf(item).includes(action);
}

/**
 * The button rule of spec 000 §6, sentence by sentence (and spec 001 §6, which repeats it):
 * 1. "an action is allowed if the list has a type '2' entry with that action";
 * 2. "otherwise it is decided from the stored authorised and all-permission lists":
 *    a. "status '0' in the all-list denies";
 *    b. "an action in the all-list but not in the authorised list is denied";
 *    c. an action in the all-list and in the authorised list is allowed;
 *    d. an action the all-list does not know is hidden ("Otherwise the element is removed"): a code no
 *       permission row declares is a typo or a removed rule, and showing it would grant it to everyone.
 * An element without an action needs no permission.
 * Note: JeecgBoot reads status '0' as "rule switched off, show to all"; the spec says it denies, and
 * the spec wins here.
 *
 * @example
 * isActionAllowed('system:position:add', auth, allAuth);
 */
export function isActionAllowed(action: string, auth: readonly PermissionItem[], allAuth: readonly PermissionItem[]): boolean {
  const code = action.trim();
  if (code === '') return true;
  if (auth.some((item) => item.type === '2' && names(item, code))) return true;
  const rules = allAuth.filter((item) => names(item, code));
  if (rules.length === 0) return false;
  if (rules.some((item) => String(item.status) === '0')) return false;
  return auth.some((item) => item.type !== '2' && names(item, code));
}

/**
 * "Type '1' entries with a prefix give derived sub-actions": the authorised type '1' codes under a
 * prefix, with the prefix cut off, each one passing isActionAllowed. A model's toolbar asks this with
 * its permissions.prefix.
 *
 * @example
 * subActionsOf('system:position:', auth, allAuth); // ['add', 'edit', 'delete']
 */
export function subActionsOf(prefix: string, auth: readonly PermissionItem[], allAuth: readonly PermissionItem[]): string[] {
  const found = new Set<string>();
  for (const item of auth) {
    if (item.type !== '1') continue;
    for (const code of actionsOf(item)) {
      if (code.length > prefix.length && code.startsWith(prefix) && isActionAllowed(code, auth, allAuth)) found.add(code.slice(prefix.length));
    }
  }
  return [...found];
}
