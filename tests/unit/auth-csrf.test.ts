import { describe, expect, it } from 'vitest';
import {
  clearCsrfToken,
  createCsrfToken,
  CSRF_TOKEN_KEY,
  ensureCsrfToken,
  validateCsrfToken,
} from '@/lib/auth/csrf';
import { memoryStorage } from '@/lib/auth/storage';

describe('CSRF token', () => {
  it('is 32 random bytes as hex, stored under csrf_token', () => {
    const storage = memoryStorage();
    const token = createCsrfToken(storage);
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(storage.getItem(CSRF_TOKEN_KEY)).toBe(token);
    expect(createCsrfToken(memoryStorage())).not.toBe(token);
  });

  it('validates only the stored token', () => {
    const storage = memoryStorage();
    const token = createCsrfToken(storage);
    expect(validateCsrfToken(token, storage)).toBe(true);
    expect(
      validateCsrfToken(
        token.replace(/.$/, (c) => (c === '0' ? '1' : '0')),
        storage,
      ),
    ).toBe(false);
    expect(validateCsrfToken(token.toUpperCase(), storage)).toBe(false);
    expect(validateCsrfToken(token.slice(1), storage)).toBe(false);
    expect(validateCsrfToken('', storage)).toBe(false);
    expect(validateCsrfToken(undefined, storage)).toBe(false);
    expect(validateCsrfToken(42, storage)).toBe(false);
  });

  it('refuses everything when no token is stored', () => {
    const storage = memoryStorage();
    expect(validateCsrfToken('', storage)).toBe(false);
    expect(validateCsrfToken('null', storage)).toBe(false);
    storage.setItem(CSRF_TOKEN_KEY, 'planted');
    expect(validateCsrfToken('planted', storage)).toBe(false);
  });

  it('keeps an existing token and replaces a malformed one', () => {
    const storage = memoryStorage();
    const token = ensureCsrfToken(storage);
    expect(ensureCsrfToken(storage)).toBe(token);
    storage.setItem(CSRF_TOKEN_KEY, 'not-hex');
    expect(ensureCsrfToken(storage)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is gone after clearing', () => {
    const storage = memoryStorage();
    const token = createCsrfToken(storage);
    clearCsrfToken(storage);
    expect(validateCsrfToken(token, storage)).toBe(false);
  });
});

describe('CSRF token, when storage misbehaves', () => {
  it('refuses every token when the tab storage cannot be read', () => {
    const broken = {
      ...memoryStorage(),
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(validateCsrfToken('0'.repeat(64), broken)).toBe(false);
  });

  it('takes a stored token only if it is exactly 64 hexadecimal digits', () => {
    for (const stored of [`${'a'.repeat(64)}0`, `x${'a'.repeat(64)}`]) {
      const storage = memoryStorage();
      storage.setItem(CSRF_TOKEN_KEY, stored);
      expect(validateCsrfToken(stored, storage), stored).toBe(false);
      expect(ensureCsrfToken(storage), stored).not.toBe(stored);
    }
  });
});
