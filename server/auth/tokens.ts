import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe. Only its hash is stored (sys_session.id). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** Rejects anything that cannot be one of our tokens before it reaches the database. */
export function looksLikeToken(value: string): boolean {
  return TOKEN_SHAPE.test(value);
}
