import type { AppConfig } from '../config.js';
import { appError } from '../errors.js';
import type { HookRegistry } from '../engine/hookRegistry.js';
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
  hooks.register('user.hashPassword', async ({ values, mode }) => {
    if (mode === 'update') {
      if (Object.hasOwn(values, 'password')) throw appError('CL_ERR_FIELD_READONLY', { field: 'password' });
      return values;
    }
    return withFirstPassword(values, config);
  });
}

/**
 * A new account's values with its first password (plain text in `values.password`) checked against the
 * policy and replaced by its scrypt hash and salt; the password must be changed at first sign-in.
 */
export async function withFirstPassword(values: Record<string, unknown>, config: Pick<AppConfig, 'passwordMinLength'>): Promise<Record<string, unknown>> {
  const plain = String(values.password ?? '');
  const weak = passwordPolicyError(plain, config.passwordMinLength);
  if (weak) throw weak;
  const hash = await hashPassword(plain);
  return { ...values, password: hash.password, salt: hash.salt, mustChangePassword: 1, delFlag: 0, passwordChangedAt: null };
}
