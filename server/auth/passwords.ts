import { randomBytes, randomInt, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// scrypt (node:crypto) with a per-user salt. N=2^15 costs ~60 ms and 32 MiB per hash here: slow for
// an attacker, and run off the event loop (libuv pool) so sign-ins do not stall other requests.
export const PARAMS = { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;
export const KEY_LENGTH = 64;

function derive(password: string, salt: string, params: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, params, (error, key) => (error ? reject(error) : resolve(key))));
}

export interface PasswordHash {
  /** `scrypt$N$r$p$<hex>`: parameters travel with the hash so they can be raised later */
  password: string;
  salt: string;
}

/** The stored form of a derived key (also built by the bulk hashing pool, passwordPool.ts). */
export function storedHash(keyHex: string, salt: string): PasswordHash {
  return { password: `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${keyHex}`, salt };
}

export async function hashPassword(plain: string): Promise<PasswordHash> {
  const salt = randomBytes(16).toString('hex');
  const key = await derive(plain, salt, PARAMS);
  return storedHash(key.toString('hex'), salt);
}

export async function verifyPassword(plain: string, stored: PasswordHash): Promise<boolean> {
  const [scheme, n, r, p, hex] = stored.password.split('$');
  if (scheme !== 'scrypt' || !hex) return false;
  const expected = Buffer.from(hex, 'hex');
  const key = await derive(plain, stored.salt, { N: Number(n), r: Number(r), p: Number(p), maxmem: PARAMS.maxmem });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

const DUMMY: PasswordHash = {
  password: `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${'0'.repeat(KEY_LENGTH * 2)}`,
  salt: '00000000000000000000000000000000',
};

/** Spends the same time as a real check, so an unknown username is not faster than a wrong password. */
export async function burnPasswordCheck(plain: string): Promise<void> {
  await verifyPassword(plain, DUMMY);
}

const LETTERS = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';

/** 16 characters of letters and digits (fits the spec's 6–16 letters-and-digits rule), at least 2 of each. */
export function generatePassword(length = 16): string {
  const pick = (set: string) => set[randomInt(set.length)]!;
  const chars = [pick(LETTERS), pick(LETTERS), pick(DIGITS), pick(DIGITS)];
  while (chars.length < length) chars.push(pick(LETTERS + DIGITS));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
