// Password hashing for the admin sign-in (SPEC 3 and 9), with Web Crypto: the SHA-256 of the typed
// password in hex, as ADMIN_PASSWORD_SHA256 holds it, then its slow, salted derivation
// (password-derivation.mjs), which is what users.passwordHash holds (docs/spec-interpretations.md);
// derivations are compared in constant time.
import { bytesToHex, derivePasswordHash } from './password-derivation.mjs';

/**
 * The password rule of SPEC 5: at least 8 characters, among them a lower-case letter, an upper-case
 * letter, a digit and one of @$!%*?&. The spec defines it and leaves it unused, and so do we: no
 * screen sets a password (the admin's comes from ADMIN_PASSWORD_SHA256, hashed outside the site).
 * A future form that lets someone choose one starts from this. Other characters, spaces included,
 * are allowed: a long passphrase should not be refused for its punctuation.
 */
export function meetsPasswordRule(password: string): boolean {
  return (
    password.length >= 8 &&
    /[a-z]/.test(password) &&
    /[A-Z]/.test(password) &&
    /\d/.test(password) &&
    /[@$!%*?&]/.test(password)
  );
}

/** Lower-case hex of the SHA-256 of the UTF-8 text. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return bytesToHex(new Uint8Array(digest));
}

/**
 * Compares two strings without returning early at the first difference, so the time taken does
 * not tell how much of a guess was right. Strings of different length are unequal, but the loop
 * still runs over the longer one.
 */
export function constantTimeEqual(a: string, b: string): boolean {
  const length = Math.max(a.length, b.length);
  let difference = a.length ^ b.length;
  for (let i = 0; i < length; i += 1) {
    difference |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  }
  return difference === 0;
}

/** How a password is turned into what is stored: the build's salt and iteration count. */
export interface PasswordDerivation {
  salt: string;
  iterations: number;
}

/** The typed password as `users.passwordHash` holds it: PBKDF2 of its hex SHA-256. */
export async function hashPassword(password: string, derivation: PasswordDerivation): Promise<string> {
  return derivePasswordHash(await sha256Hex(password), derivation.salt, derivation.iterations);
}

/** True when the password's derivation equals the stored hex hash (case-insensitive hex). */
export async function passwordMatches(
  password: string,
  passwordHash: string,
  derivation: PasswordDerivation,
): Promise<boolean> {
  return constantTimeEqual(await hashPassword(password, derivation), passwordHash.toLowerCase());
}
