/** Rows every installation has (server/db/seedCoreRows.ts); code refers to them by these ids. */
export const DEFAULT_TENANT_ID = 1;
export const ADMIN_ROLE_ID = 'role-admin';
export const ADMIN_ROLE_CODE = 'admin';
