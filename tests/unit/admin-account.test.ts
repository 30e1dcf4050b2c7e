import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildEnvironment, DEV_ADMIN } from '../../scripts/build-env.mjs';
import {
  adminAccount,
  DEVELOPMENT_ACCOUNT,
  resolveAdminAccount,
  syncAdminAccount,
} from '@/lib/auth/admin-account';
import { sha256Hex } from '@/lib/auth/password';
import { createDatabase } from '@/lib/db';

const HASH = '60a53d26dc0ea6111ff8bb4cb0e19d9e08696ab7a334d6227d8e2d09372eb2e6';

afterEach(() => vi.restoreAllMocks());

describe('the development account', () => {
  it("is 'admin' with the documented password 'change-me-now'", async () => {
    expect(DEVELOPMENT_ACCOUNT.username).toBe('admin');
    expect(await sha256Hex('change-me-now')).toBe(DEVELOPMENT_ACCOUNT.passwordHash);
    expect(DEV_ADMIN.passwordSha256).toBe(DEVELOPMENT_ACCOUNT.passwordHash);
  });

  it('is what tests and unconfigured builds use', () => {
    expect(adminAccount).toEqual(DEVELOPMENT_ACCOUNT);
  });
});

describe('resolveAdminAccount', () => {
  it('takes a well-formed build-time account, hash in lower case', () => {
    expect(
      resolveAdminAccount({ username: 'therapist', passwordHash: HASH.toUpperCase(), development: false }),
    ).toEqual({
      username: 'therapist',
      passwordHash: HASH,
      development: false,
    });
  });

  it('falls back to the development account for anything else', () => {
    for (const value of [
      undefined,
      null,
      'x',
      {},
      { username: 'a' },
      { username: 'a', passwordHash: 'short' },
    ]) {
      expect(resolveAdminAccount(value)).toBe(DEVELOPMENT_ACCOUNT);
    }
  });
});

describe('build-time variables', () => {
  const base = { SITE_URL: 'https://www.example.org' };

  it('uses the development account with a loud warning when unset', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(buildEnvironment(base).adminAccount).toEqual({
      username: 'admin',
      passwordSha256: DEV_ADMIN.passwordSha256,
      development: true,
    });
    expect(warn.mock.calls.flat().join(' ')).toMatch(/WARNING.*DEVELOPMENT account/);
  });

  it('reads the username and a hex hash, also as sha256sum prints it', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const env = { ...base, ADMIN_USERNAME: ' therapist ', ADMIN_PASSWORD_SHA256: `${HASH.toUpperCase()}  -` };
    expect(buildEnvironment(env).adminAccount).toEqual({
      username: 'therapist',
      passwordSha256: HASH,
      development: false,
    });
  });

  it('refuses a hash that is not 64 hex characters', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const hash of ['abc', HASH.slice(1), `${HASH}0`, HASH.replace('a', 'g'), 'change-me-now']) {
      expect(() => buildEnvironment({ ...base, ADMIN_USERNAME: 'a', ADMIN_PASSWORD_SHA256: hash })).toThrow(
        /ADMIN_PASSWORD_SHA256 must be the 64-character hex SHA-256/,
      );
    }
  });

  it('refuses one variable without the other', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(() => buildEnvironment({ ...base, ADMIN_USERNAME: 'a' })).toThrow(/set both or neither/);
    expect(() => buildEnvironment({ ...base, ADMIN_PASSWORD_SHA256: HASH })).toThrow(/set both or neither/);
  });
});

describe('syncAdminAccount', () => {
  it('adds the admin once and keeps a single user', async () => {
    const db = createDatabase({ indexedDB: new IDBFactory(), IDBKeyRange });
    const account = { username: 'therapist', passwordHash: HASH, development: false };
    const first = await syncAdminAccount(account, { database: () => db });
    const second = await syncAdminAccount(account, { database: () => db });
    expect(second).toEqual(first);
    expect(await db.users.toArray()).toEqual([
      { id: first!.id, username: 'therapist', passwordHash: HASH, role: 'admin' },
    ]);
    db.close();
  });
});
