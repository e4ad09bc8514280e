export interface Credentials {
  username: string;
  password: string;
}

export type CredentialErrors = Partial<Record<keyof Credentials, 'login.usernameRequired' | 'login.passwordRequired'>>;

/**
 * The sign-in form's rules, as its antd Form had them: a blank username is missing, a password of
 * blanks is not (passwords may contain spaces). Answers i18n keys, so a language switch re-translates.
 */
export function credentialErrors({ username, password }: Credentials): CredentialErrors {
  const errors: CredentialErrors = {};
  if (username.trim() === '') errors.username = 'login.usernameRequired';
  if (password === '') errors.password = 'login.passwordRequired';
  return errors;
}
