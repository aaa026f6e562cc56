import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { ACCESS_KEY_PREFIX_LENGTH } from '@bari/contracts';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 43 base-62 characters carry 43 × log2(62) ≈ 256 bits. */
export const ACCESS_KEY_LENGTH = 43;
/** Largest multiple of 62 that fits a byte: bytes at or above it are dropped (no modulo bias). */
const UNBIASED_LIMIT = 256 - (256 % ALPHABET.length);

/**
 * A new access key: 43 characters drawn uniformly from [0-9A-Za-z] with the system CSPRNG,
 * about 256 bits. Base 62 rather than base64url so a double-click selects the whole key (no
 * '-' or '_'), and no fixed prefix, so the 8 characters shown in lists tell keys apart. The
 * shown prefix reveals ≈ 48 bits; the remaining 35 characters still hold ≈ 208.
 */
export function generateAccessKey(): string {
  let key = '';
  while (key.length < ACCESS_KEY_LENGTH) {
    for (const byte of randomBytes(ACCESS_KEY_LENGTH * 2)) {
      if (byte >= UNBIASED_LIMIT) continue;
      key += ALPHABET[byte % ALPHABET.length];
      if (key.length === ACCESS_KEY_LENGTH) break;
    }
  }
  return key;
}

/**
 * Lower-case hex SHA-256 of the key, the only form in which it is stored. A fast, unsalted
 * hash is enough because the key is a ≥ 128-bit random secret, not a password a person
 * chose: inverting it is infeasible, and being unsalted is what lets login find the key by
 * hashing what was typed (an indexed lookup; any timing it leaks is about the hash, which
 * tells an attacker nothing about any key).
 */
export function hashAccessKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The characters kept and shown for a key ('Ab3dE9xZ…'). */
export function accessKeyPrefix(key: string): string {
  return key.slice(0, ACCESS_KEY_PREFIX_LENGTH);
}

/**
 * Whether the typed key hashes to the stored hash, compared in constant time so the
 * comparison does not reveal how many leading characters matched.
 */
export function accessKeyMatchesHash(presentedKey: string, storedHash: string): boolean {
  const presented = Buffer.from(hashAccessKey(presentedKey), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return stored.length === presented.length && timingSafeEqual(presented, stored);
}
