/**
 * The CSRF helper of SPEC 7: a token of 32 random bytes as hex, kept under 'csrf_token' in the
 * tab's sessionStorage and compared in constant time on validation. The admin's state-changing
 * actions (save, delete, import) take the token the page was given when it loaded and validate it
 * before writing, so a write only happens from an admin page that this tab opened.
 */
import { constantTimeEqual } from './password';
import { bytesToHex } from './password-derivation.mjs';
import { tabStorage, type KeyValueStorage } from './storage';

export const CSRF_TOKEN_KEY = 'csrf_token';
export const CSRF_TOKEN_BYTES = 32;
export const CSRF_MISMATCH_MESSAGE =
  'This page is out of date, so nothing was changed. Reload the page and try again; your text is kept.';

const CSRF_PATTERN = /^[0-9a-f]{64}$/;

/** Makes a new token, stores it and returns it. */
export function createCsrfToken(storage: KeyValueStorage = tabStorage()): string {
  const token = bytesToHex(crypto.getRandomValues(new Uint8Array(CSRF_TOKEN_BYTES)));
  storage.setItem(CSRF_TOKEN_KEY, token);
  return token;
}

/** The stored token, made first if there is none (or the stored value is not one of ours). */
export function ensureCsrfToken(storage: KeyValueStorage = tabStorage()): string {
  const stored = storage.getItem(CSRF_TOKEN_KEY);
  return stored && CSRF_PATTERN.test(stored) ? stored : createCsrfToken(storage);
}

/** True only when a token is stored and `candidate` equals it. */
export function validateCsrfToken(candidate: unknown, storage: KeyValueStorage = tabStorage()): boolean {
  let stored: string | null;
  try {
    stored = storage.getItem(CSRF_TOKEN_KEY);
  } catch {
    return false;
  }
  if (typeof candidate !== 'string' || !stored || !CSRF_PATTERN.test(stored)) return false;
  return constantTimeEqual(candidate, stored);
}

export function clearCsrfToken(storage?: KeyValueStorage): void {
  try {
    (storage ?? tabStorage()).removeItem(CSRF_TOKEN_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
