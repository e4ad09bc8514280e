import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS } from '../../server/auth/commonPasswords.js';
import { passwordPolicyError, passwordProblem } from '../../server/auth/passwordPolicy.js';
import { generatePassword } from '../../server/auth/passwords.js';

describe('password policy', () => {
  it('accepts 6-16 letters and digits containing both', () => {
    expect(passwordProblem('Lab2024x', 6)).toBeNull();
    expect(passwordProblem('a1b2c3d4e5f6g7h8', 6)).toBeNull();
    expect(passwordProblem('k9m2pq', 6)).toBeNull();
  });

  it('refuses other characters, a missing letter or a missing digit', () => {
    expect(passwordProblem('Lab 2024x', 6)).toBe('charset');
    expect(passwordProblem('Lab2024!x', 6)).toBe('charset');
    expect(passwordProblem('口令Lab2024', 6)).toBe('charset');
    expect(passwordProblem('abcdefgh', 6)).toBe('charset');
    expect(passwordProblem('12345678', 6)).toBe('charset');
  });

  it('refuses lengths outside the configured minimum and 16', () => {
    expect(passwordProblem('k9m2p', 6)).toBe('length');
    expect(passwordProblem('k9m2pq7r', 10)).toBe('length');
    expect(passwordProblem('a1b2c3d4e5f6g7h8i', 6)).toBe('length');
    // a configured minimum above the spec's maximum cannot lock everyone out
    expect(passwordProblem('a1b2c3d4e5f6g7h8', 40)).toBeNull();
  });

  it('refuses common passwords whatever their case', () => {
    expect(passwordProblem('abc123', 6)).toBe('common');
    expect(passwordProblem('Password1', 6)).toBe('common');
    expect(passwordProblem('ADMIN123', 6)).toBe('common');
    expect(passwordProblem('1Q2W3E4R', 6)).toBe('common');
    expect(passwordProblem('woaini1314', 6)).toBe('common');
  });

  it('keeps only entries the other rules would let through (each one earns its place)', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThanOrEqual(200);
    for (const entry of COMMON_PASSWORDS) {
      expect(entry, entry).toMatch(/^(?=.*[a-z])(?=.*\d)[a-z\d]{6,16}$/);
    }
  });

  it('lets the generated first admin password through', () => {
    for (let i = 0; i < 50; i++) expect(passwordProblem(generatePassword(), 6)).toBeNull();
  });

  it('explains the rule with the configured minimum', () => {
    expect(passwordPolicyError('abc', 8)).toMatchObject({ code: 'CL_ERR_PASSWORD_WEAK', params: { min: 8 } });
    expect(passwordPolicyError('Lab2024x', 8)).toBeNull();
  });
});
