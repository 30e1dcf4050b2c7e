// @ts-check
// The slow, salted form of the admin password that the site ships (docs/configuration.md, "The admin account"):
// PBKDF2-HMAC-SHA-256 of the password's hex SHA-256, with the site's own salt (siteSalt). Plain
// JavaScript on Web Crypto, so the build (Node) and the sign-in (the browser) run this same code.

/** OWASP's figure for PBKDF2-HMAC-SHA-256 (2023): about a second of a phone's time per guess. */
export const PBKDF2_ITERATIONS = 600_000;
/** 128 bits, as NIST SP 800-132 asks at least. */
export const SALT_BYTES = 16;
/** The derived value, as many bytes as a SHA-256: 64 hex characters, like the hash it stands for. */
const DERIVED_BITS = 256;

const HEX = /^(?:[0-9a-f]{2})+$/;

/** @param {Uint8Array} bytes */
export function bytesToHex(bytes) {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** @param {string} hex lower-case, an even number of digits */
export function hexToBytes(hex) {
  if (!HEX.test(hex)) throw new Error('Expected lower-case hex.');
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/**
 * The salt of one site's admin account: the first SALT_BYTES of SHA-256 over the site's origin and the
 * username, as hex (decision 0055). No two sites or accounts share one, so nothing computed for one
 * serves another and no table can be made in advance for all; every build of the site has the same,
 * so the value it ships changes only with the password, and the admin's session check can end the
 * sessions of an old password without ending them at each deploy. Never made from the password:
 * the salt is public, and a salt that told anything of the password would skip the slow derivation.
 * @param {string} siteUrl SITE_URL (its origin is read)
 * @param {string} username ADMIN_USERNAME
 */
export async function siteSalt(siteUrl, username) {
  const text = `admin password salt v1\n${new URL(siteUrl).origin}\n${username.trim()}`;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return bytesToHex(new Uint8Array(digest).subarray(0, SALT_BYTES));
}

/**
 * PBKDF2-HMAC-SHA-256 of `secret` (its UTF-8 bytes) with the hex `salt`, 32 bytes as lower-case hex.
 * @param {string} secret
 * @param {string} salt
 * @param {number} iterations
 * @param {number} [bits]
 */
export async function pbkdf2Sha256Hex(secret, salt, iterations, bits = DERIVED_BITS) {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), 'PBKDF2', false, [
    'deriveBits',
  ]);
  const derived = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: hexToBytes(salt), iterations },
    key,
    bits,
  );
  return bytesToHex(new Uint8Array(derived));
}

/**
 * What is stored and compared: the derivation of a password's SHA-256, given as the 64 lower-case
 * hex characters of ADMIN_PASSWORD_SHA256 (so the build never needs the password itself).
 * @param {string} passwordSha256
 * @param {string} salt
 * @param {number} iterations
 */
export function derivePasswordHash(passwordSha256, salt, iterations) {
  return pbkdf2Sha256Hex(passwordSha256.toLowerCase(), salt, iterations);
}

/** The admin's username (ADMIN_USERNAME): 1-100 characters, no spaces and no control characters. */
// eslint-disable-next-line no-control-regex
export const ADMIN_USERNAME_PATTERN = /^[^\s\u0000-\u001f\u007f-\u009f]{1,100}$/;
/** What the build and the sign-in say of a username ADMIN_USERNAME_PATTERN refuses. */
export const ADMIN_USERNAME_RULE =
  'ADMIN_USERNAME must be 1 to 100 characters without spaces or control characters';

const SALT_HEX = /^(?:[0-9a-f]{2}){16,64}$/i;
const DERIVED_HEX = /^[0-9a-f]{64}$/i;

/**
 * What is wrong with the admin account a build ships ({ username, passwordHash, salt, iterations }),
 * named by the variable it comes from, or undefined. One rule for both ends: the build stops on it
 * (tools/build-env.mjs) and the sign-in never takes such a value (src/lib/auth/admin-account.ts).
 * @param {unknown} value
 * @returns {string | undefined}
 */
export function shippedAccountProblem(value) {
  if (typeof value !== 'object' || value === null) return 'the build has no admin account';
  const { username, passwordHash, salt, iterations } = /** @type {Record<string, unknown>} */ (value);
  if (typeof username !== 'string' || !ADMIN_USERNAME_PATTERN.test(username.trim())) {
    return ADMIN_USERNAME_RULE;
  }
  if (typeof passwordHash !== 'string' || !DERIVED_HEX.test(passwordHash)) {
    return 'ADMIN_PASSWORD_SHA256 did not give a 64-character hex derivation';
  }
  if (typeof salt !== 'string' || !SALT_HEX.test(salt)) {
    return 'the salt made for ADMIN_PASSWORD_SHA256 is not 16 to 64 bytes of hex';
  }
  if (typeof iterations !== 'number' || !Number.isSafeInteger(iterations) || iterations < PBKDF2_ITERATIONS) {
    return `ADMIN_PASSWORD_SHA256's derivation must use at least ${PBKDF2_ITERATIONS} iterations`;
  }
  return undefined;
}
