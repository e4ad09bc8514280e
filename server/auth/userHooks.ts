import type { Lang } from '../../runtime/model/types.js';
import type { AppConfig } from '../config.js';
import { appError, errorText } from '../errors.js';
import type { HookRegistry } from '../engine/hookRegistry.js';
import { assertOwnDepartmentsChangeable } from '../permission/grantReach.js';
import { hashPasswords } from './passwordPool.js';
import { hashPassword, type PasswordHash } from './passwords.js';
import { passwordPolicyError } from './passwordPolicy.js';

/**
 * The user model's beforeWrite hook (schemas/system/models/user.model.json). A create carries the
 * first password in plain text (the field is secret and write-only): it must pass the password
 * policy, is stored only as its scrypt hash with a fresh salt, and must be changed at first sign-in
 * because an administrator chose it. A generic edit never changes a password: that is the
 * self-service change or a dedicated reset, which also end the user's sessions.
 */
export function registerUserHooks(hooks: HookRegistry, config: Pick<AppConfig, 'passwordMinLength'>): void {
  hooks.register(
    'user.hashPassword',
    async ({ values, mode, prepared, id, auth, context, db }) => {
      if (mode === 'update') {
        if (Object.hasOwn(values, 'password')) throw appError('CL_ERR_FIELD_READONLY', { field: 'password' });
        // one's own 当前部门 changes only where no department rule restricts one (grantReach.ts)
        if (Object.hasOwn(values, 'orgCode') && id === auth.userId) {
          const stored = await db.selectFrom('sysUser').select('orgCode').where('id', '=', id).executeTakeFirst();
          if ((stored?.orgCode ?? null) !== (values.orgCode ?? null))
            await assertOwnDepartmentsChangeable(db, { userId: auth.userId, tenantId: context.tenantId }, [id]);
        }
        return values;
      }
      // an import: the bulk stage below already checked and hashed this row's first password
      if (prepared) return { ...values, ...prepared };
      return withFirstPassword(values, config);
    },
    {
      // ImportPreview and ImportData: every first password is checked against the policy with the file's
      // other rules (a weak one is that row's error), before anything is hashed
      checkImport: (rows, { lang }) => rows.map((values) => firstPasswordProblems(values, config, lang)),
      // ImportData of 10,000 users: the first passwords are hashed on worker threads before the
      // transaction opens, each distinct one once (checked again here: the bulk stage never hashes a weak one)
      async prepareImport(rows, { lang, onProgress }) {
        const weak = rows.map((values) => firstPasswordProblems(values, config, lang));
        if (weak.some((problems) => problems.length > 0)) return weak.map((problems) => (problems.length > 0 ? { errors: problems } : {}));
        const hashes = await hashFirstPasswords(
          rows.map((values) => String(values.password)),
          onProgress,
        );
        return hashes.map((hash) => ({ ...FIRST_PASSWORD_STATE, password: hash.password, salt: hash.salt }));
      },
    },
  );
}

/** A first password's refusal by the policy, as an import row's errors ([] when it passes). */
function firstPasswordProblems(
  values: Record<string, unknown>,
  config: Pick<AppConfig, 'passwordMinLength'>,
  lang: Lang,
): { field: string; message: string }[] {
  const error = passwordPolicyError(String(values.password ?? ''), config.passwordMinLength);
  return error ? [{ field: 'password', message: errorText(error.code, lang, error.params) }] : [];
}

/**
 * An import's first passwords, hashed with the full scrypt cost but each distinct one once: the rows that
 * give the same first password share its salt and hash (a lab usually hands one first password to everyone
 * it imports; 10,000 of them took ~300 s on two cores, one hash per row). This weakens nothing:
 * - an attacker holding the table still pays one full scrypt per guess. Salts keep one guess from testing
 *   many *different* passwords at once; these accounts hold the *same* one, so whoever finds it for one
 *   account has it for all of them, shared salt or not (one more scrypt per account to confirm);
 * - what the shared hash shows (these accounts had the same first password) is what the administrator
 *   who chose it, and the people who received it, know anyway;
 * - it lasts until the first sign-in, which forces the change (FIRST_PASSWORD_STATE): the password a user
 *   then chooses gets its own salt (changePassword.ts), as does a reset or a single create.
 * Different first passwords still get different salts, and nothing is shared across imports. `onProgress`
 * counts the distinct passwords hashed.
 */
export async function hashFirstPasswords(plains: readonly string[], onProgress?: (done: number, total: number) => void): Promise<PasswordHash[]> {
  const distinct = [...new Set(plains)];
  const hashes = await hashPasswords(distinct, onProgress);
  const byPlain = new Map(distinct.map((plain, index) => [plain, hashes[index]!]));
  return plains.map((plain) => byPlain.get(plain)!);
}

/** What every account with an administrator-chosen first password gets besides its hash. */
const FIRST_PASSWORD_STATE = { mustChangePassword: 1, delFlag: 0, passwordChangedAt: null };

/**
 * A new account's values with its first password (plain text in `values.password`) checked against the
 * policy and replaced by its scrypt hash and salt; the password must be changed at first sign-in.
 */
export async function withFirstPassword(values: Record<string, unknown>, config: Pick<AppConfig, 'passwordMinLength'>): Promise<Record<string, unknown>> {
  const plain = String(values.password ?? '');
  const weak = passwordPolicyError(plain, config.passwordMinLength);
  if (weak) throw weak;
  const hash = await hashPassword(plain);
  return { ...values, ...FIRST_PASSWORD_STATE, password: hash.password, salt: hash.salt };
}
