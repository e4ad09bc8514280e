import type { Lang } from '../../runtime/model/types.js';
import type { AppConfig } from '../config.js';
import { appError, errorText } from '../errors.js';
import type { HookRegistry } from '../engine/hookRegistry.js';
import { hashPasswords } from './passwordPool.js';
import { hashPassword } from './passwords.js';
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
    async ({ values, mode, prepared }) => {
      if (mode === 'update') {
        if (Object.hasOwn(values, 'password')) throw appError('CL_ERR_FIELD_READONLY', { field: 'password' });
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
      // ImportData of 10,000 users: all first passwords are hashed on worker threads before the
      // transaction opens (checked again here: the bulk stage never hashes a weak one)
      async prepareImport(rows, { lang, onProgress }) {
        const weak = rows.map((values) => firstPasswordProblems(values, config, lang));
        if (weak.some((problems) => problems.length > 0)) return weak.map((problems) => (problems.length > 0 ? { errors: problems } : {}));
        const hashes = await hashPasswords(
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
