/** Values fixed by the spec (000 §1, §2, §9); in one place so tests and code agree. */

/** Every key this app writes to localStorage / sessionStorage starts with this (spec 000 §9: keys are prefixed). */
export const STORAGE_PREFIX = 'cloudlab__';

/** Login data (token, user info, departments, dictionary items) lives 7 days (spec 000 §4, §9). */
export const LOGIN_DATA_TTL_MS = 604_800_000;

export const LOGIN_PATH = '/user/login';
export const MENU_LIST_PATH = '/menuList';
export const NOT_FOUND_PATH = '/404';

/**
 * Where a signed-in user lands (spec 000 §2: '/' redirects to /dashboard/analysis, the breadcrumb's Home).
 * The fixed route wins over "the root route redirects to the first menu item's path" of the runtime routes.
 */
export const DEFAULT_HOME_PATH = '/dashboard/analysis';

/** Spec 000 §2 fixed routes. */
export const TEST_PATH = '/test';
export const TEST_HOME_PATH = '/test/home';
export const USER_ANNOUNCEMENT_PATH = '/isps/userAnnouncement';

/** Spec 000 §2 "Public paths (no login needed)". */
export const PUBLIC_PATHS: readonly string[] = [
  '/user/login',
  '/user/register',
  '/user/register-result',
  '/user/alteration',
  '/whiteView/onSiteInspectionReport',
];

/** Spec 000 §1 "default primary colour #1890FF". */
export const PRIMARY_COLOR = '#1890FF';
