import { randomBytes } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/schema.js';
import { newId } from '../db/ids.js';
import { DATE_FORMAT, nowText } from '../db/timestamps.js';
import { appError, errorText, validationError } from '../errors.js';
import type { BeforeSaveContext, HookRegistry } from '../engine/hookRegistry.js';
import { withFirstPassword } from '../auth/userHooks.js';
import { createFileStore, type FileStore } from '../files/fileStore.js';
import { imageSizeOf } from '../files/imageSize.js';
import { assertOwnDepartmentsChangeable } from '../permission/grantReach.js';
import dayjs from 'dayjs';

const splitIds = (value: unknown): string[] => [
  ...new Set(
    String(value ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];

/** A first password nobody knows (72 random bits as 12 letters and digits, plus one of each for the policy: 14 characters, within its 16): the account signs in once an administrator resets it. */
const unknownPassword = () => `${randomBytes(9).toString('base64url').replace(/[-_]/g, 'x')}a1`;

async function storedFileUrl(db: Transaction<Database>, id: string): Promise<string | null> {
  const row = await db.selectFrom('sysUser').select('fileUrl').where('id', '=', id).executeTakeFirst();
  return row?.fileUrl ?? null;
}

/** spec 001 §5 / §9: the ID photo (avatar) is at most 400×594 pixels */
export const ID_PHOTO_MAX = { width: 400, height: 594 } as const;

/**
 * The ID photo's size rule on the server: each newly chosen photo that is an upload of the writer's tenant
 * is measured from its stored bytes and refused over 400×594 with the form's warning naming its size. A
 * photo kept unchanged on an edit is not measured again; a path that names no stored upload has nothing to
 * measure (the type rule, jpg/jpeg/png, is the field's accept list).
 */
async function checkIdPhoto(ctx: BeforeSaveContext, files: FileStore, value: unknown): Promise<void> {
  const before =
    ctx.mode === 'update' ? ((await ctx.db.selectFrom('sysUser').select('avatar').where('id', '=', ctx.id).executeTakeFirst())?.avatar ?? null) : null;
  const kept = new Set(String(before ?? '').split(','));
  for (const path of String(value ?? '').split(',')) {
    if (!path || kept.has(path)) continue;
    const file = await files.find(path.slice(path.lastIndexOf('/') + 1));
    if (!file || file.tenantId !== ctx.context.tenantId) continue;
    const size = await imageSizeOf(files.blobPathOf(file.md5)).catch(() => null);
    if (size && (size.width > ID_PHOTO_MAX.width || size.height > ID_PHOTO_MAX.height)) {
      throw validationError([{ field: 'avatar', message: errorText('CL_ERR_ID_PHOTO_SIZE', ctx.context.lang, { w: size.width, h: size.height }) }]);
    }
  }
}

/**
 * departIds -> the user's rows in sys_user_depart (what sign-in, the department switch and data rules read),
 * for the writer's tenant only: an account shared with another tenant keeps its departments there.
 */
async function syncDeparts(ctx: BeforeSaveContext, ids: string[]): Promise<void> {
  const { db, id } = ctx;
  // another tenant's department is as unknown as a missing one
  const found = ids.length ? await db.selectFrom('sysDepart').select('id').where('id', 'in', ids).where('tenantId', '=', ctx.context.tenantId).execute() : [];
  if (found.length !== ids.length) throw validationError([{ field: 'departIds', message: errorText('CL_ERR_STAFF_DEPART_UNKNOWN', ctx.context.lang) }]);
  // one's own departments change only where no department rule restricts one (grantReach.ts), as through 用户部门
  if (ctx.mode === 'update' && id === ctx.auth.userId) {
    const held = await db
      .selectFrom('sysUserDepart')
      .select('depId')
      .where('userId', '=', id)
      .where('depId', 'in', db.selectFrom('sysDepart').select('id').where('tenantId', '=', ctx.context.tenantId))
      .execute();
    const before = new Set(held.map((link) => link.depId));
    const after = new Set(ids);
    if (before.size !== after.size || [...after].some((depId) => !before.has(depId)))
      await assertOwnDepartmentsChangeable(db, { userId: id, tenantId: ctx.context.tenantId }, [id]);
  }
  await db
    .deleteFrom('sysUserDepart')
    .where('userId', '=', id)
    .where('depId', 'in', db.selectFrom('sysDepart').select('id').where('tenantId', '=', ctx.context.tenantId))
    .execute();
  const now = nowText();
  for (const depId of ids)
    await db.insertInto('sysUserDepart').values({ id: newId(), userId: id, depId, createBy: ctx.auth.username, createTime: now }).execute();
  ctx.touch('sys_user_depart');
}

/** post (position codes) -> the user's rows in sys_user_position of the writer's tenant (codes looked up there; other tenants' rows stay). */
async function syncPositions(ctx: BeforeSaveContext, codes: string[]): Promise<void> {
  const { db, id } = ctx;
  const { rows } = codes.length
    ? await sql<{
        id: string;
        code: string;
      }>`select id, en_code as code from sys_position where tenant_id = ${ctx.context.tenantId} and en_code in (${sql.join(codes)})`.execute(db)
    : { rows: [] };
  if (new Set(rows.map((r) => r.code)).size !== codes.length)
    throw validationError([{ field: 'post', message: errorText('CL_ERR_STAFF_POST_UNKNOWN', ctx.context.lang) }]);
  await sql`delete from sys_user_position where user_id = ${id}
    and position_id in (select id from sys_position where tenant_id = ${ctx.context.tenantId})`.execute(db);
  const now = nowText();
  for (const row of rows)
    await db.insertInto('sysUserPosition').values({ id: newId(), userId: id, positionId: row.id, createBy: ctx.auth.username, createTime: now }).execute();
  ctx.touch('sys_user_position');
}

/** letters and digits only: the account pattern a username follows (schemas/meta/patterns.json "account") */
const ACCOUNT = /^[A-Za-z0-9]+$/;

/**
 * The account name of a new staff member added without one (spec 001 §3 names no account field): the work
 * number when it is letters and digits only, else the mobile number (required, digits). A name already in
 * use is refused as for a typed one (账号 says so).
 */
function accountOf(values: Record<string, unknown>): unknown {
  const workNo = String(values.workNo ?? '').trim();
  return ACCOUNT.test(workNo) ? workNo : values.phone;
}

/**
 * staff.saveMember, the staff record's beforeSave (schemas/staff/models/member.model.json, spec 001 §3):
 * - a new staff member is a new account, named by 账号 or, left empty, by the work number or the mobile
 *   number (accountOf); an edit leaving 账号 empty keeps the name;
 * - a first password sent is checked and hashed like 用户管理's;
 *   the staff form sends none (security.md §9), so the account gets one nobody knows until an
 *   administrator resets it;
 * - fileUpdateDate is today when the integrity-commitment file is new or replaced, empty without a file,
 *   and kept while the file stays the same (the client's value is not trusted);
 * - departIds and post (comma-joined) are written to the link tables the rest of the system reads, for the
 *   writer's tenant only, and not to the shared account row: an account working in several tenants has its
 *   departments and positions in each (read back per tenant by the users' tenancy hook, permission.tenantUsers);
 * - a newly chosen ID photo (avatar) larger than 400×594 is refused, naming its size (checkIdPhoto);
 * - the new account becomes a member of the writer's tenant (so the staff member can sign in to it)
 *   through the users' tenancy hook (permission.tenantUsers), which this view keeps, not here.
 */
export function registerMemberHooks(hooks: HookRegistry, config: Pick<AppConfig, 'passwordMinLength' | 'dataDir'>): void {
  let files: FileStore | null = null;
  hooks.register('staff.saveMember', async (ctx) => {
    let values = ctx.values;
    if (Object.hasOwn(values, 'avatar')) await checkIdPhoto(ctx, (files ??= createFileStore(config.dataDir)), values.avatar);
    if (ctx.mode === 'update' && Object.hasOwn(values, 'password')) throw appError('CL_ERR_FIELD_READONLY', { field: 'password' });
    if (ctx.mode === 'create') {
      values = await withFirstPassword({ ...values, password: values.password || unknownPassword() }, config);
      if (!values.username) values.username = accountOf(values);
    } else if (Object.hasOwn(values, 'username') && !values.username) {
      delete values.username;
    }
    delete values.fileUpdateDate;
    if (Object.hasOwn(values, 'fileUrl')) {
      const file = values.fileUrl ? String(values.fileUrl) : null;
      const before = ctx.mode === 'update' ? await storedFileUrl(ctx.db, ctx.id) : null;
      if (!file) values.fileUpdateDate = null;
      else if (file !== before) values.fileUpdateDate = dayjs().format(DATE_FORMAT);
    }
    if (Object.hasOwn(values, 'departIds')) {
      const ids = splitIds(values.departIds);
      // per tenant: the links are the record (the users' tenancy hook reads them back); the shared row keeps nothing
      values.departIds = null;
      await syncDeparts(ctx, ids);
    }
    if (Object.hasOwn(values, 'post')) {
      const codes = splitIds(values.post);
      values.post = null;
      await syncPositions(ctx, codes);
    }
    return values;
  });
}
