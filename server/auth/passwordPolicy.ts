import { appError, type AppError } from '../errors.js';
import { COMMON_PASSWORDS } from './commonPasswords.js';

/** The spec's upper bound (6–16 letters and digits); the lower bound is config.passwordMinLength. */
export const PASSWORD_MAX_LENGTH = 16;

export type PasswordProblem = 'charset' | 'length' | 'common';

/** Why a new password is refused, or null. The same rule the client form applies, plus the common-password list. */
export function passwordProblem(password: string, minLength: number): PasswordProblem | null {
  if (!/^[A-Za-z0-9]*$/.test(password) || !/[A-Za-z]/.test(password) || !/[0-9]/.test(password)) return 'charset';
  const min = Math.min(minLength, PASSWORD_MAX_LENGTH);
  if (password.length < min || password.length > PASSWORD_MAX_LENGTH) return 'length';
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return 'common';
  return null;
}

/** CL_ERR_PASSWORD_WEAK when the password breaks the policy. */
export function passwordPolicyError(password: string, minLength: number): AppError | null {
  return passwordProblem(password, minLength) ? appError('CL_ERR_PASSWORD_WEAK', { min: Math.min(minLength, PASSWORD_MAX_LENGTH) }) : null;
}
