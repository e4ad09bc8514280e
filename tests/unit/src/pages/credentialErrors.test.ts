import { describe, expect, it } from 'vitest';
import { credentialErrors } from '../../../../src/pages/credentialErrors';

describe('credentialErrors (the sign-in form rules)', () => {
  it('asks for both when both are empty', () => {
    expect(credentialErrors({ username: '', password: '' })).toEqual({ username: 'login.usernameRequired', password: 'login.passwordRequired' });
  });

  it('a username of blanks is missing; a password of blanks is a password', () => {
    expect(credentialErrors({ username: '  ', password: '  ' })).toEqual({ username: 'login.usernameRequired' });
  });

  it('has nothing to say about filled fields', () => {
    expect(credentialErrors({ username: 'admin', password: 'Secret123' })).toEqual({});
  });
});
