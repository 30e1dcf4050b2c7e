import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  buildEnvironment,
  measurementAdminEnv,
  hostBuildsEachChange,
  productionBuildReason,
  refuseDevelopmentAccountInProduction,
  shippedAdminAccount,
} from '../../tools/build-env.mjs';
import {
  adminAccount,
  DEVELOPMENT_ACCOUNT,
  resolveAdminAccount,
  syncAdminAccount,
} from '@/lib/auth/admin-account';
import { sha256Hex } from '@/lib/auth/password';
import { derivePasswordHash } from '@/lib/auth/password-derivation.mjs';
import { DEV_ADMIN } from '@/lib/config/shared.mjs';
import { createDatabase } from '@/lib/db';

const HASH = '60a53d26dc0ea6111ff8bb4cb0e19d9e08696ab7a334d6227d8e2d09372eb2e6';
const SALT = 'eb94b2642cdd854513bce0d00ad93e39';

afterEach(() => vi.restoreAllMocks());

describe('the development account', () => {
  it("is 'admin' with the documented password 'change-me-now', derived like a build's", async () => {
    expect(DEVELOPMENT_ACCOUNT.username).toBe('admin');
    expect(await sha256Hex('change-me-now')).toBe(DEV_ADMIN.passwordSha256);
    expect(DEVELOPMENT_ACCOUNT.iterations).toBe(600_000);
    expect(
      await derivePasswordHash(
        DEV_ADMIN.passwordSha256,
        DEVELOPMENT_ACCOUNT.salt,
        DEVELOPMENT_ACCOUNT.iterations,
      ),
    ).toBe(DEVELOPMENT_ACCOUNT.passwordHash);
    expect(DEVELOPMENT_ACCOUNT.passwordHash).not.toBe(DEV_ADMIN.passwordSha256);
  });

  it('is what tests and unconfigured builds use', () => {
    expect(adminAccount).toEqual(DEVELOPMENT_ACCOUNT);
  });
});

describe('resolveAdminAccount', () => {
  const shipped = {
    username: 'therapist',
    passwordHash: HASH,
    salt: SALT,
    iterations: 600_000,
    development: false,
  };

  it('takes a well-formed build-time account, hex in lower case', () => {
    expect(
      resolveAdminAccount({ ...shipped, passwordHash: HASH.toUpperCase(), salt: SALT.toUpperCase() }),
    ).toEqual(shipped);
    expect(resolveAdminAccount({ ...shipped, iterations: 1_000_000 })).toEqual({
      ...shipped,
      iterations: 1_000_000,
    });
  });

  it('takes a padded username trimmed, and names and salts up to their limits', () => {
    expect(resolveAdminAccount({ ...shipped, username: ' therapist ' })).toEqual(shipped);
    for (const value of [
      { ...shipped, username: 'a'.repeat(100) },
      { ...shipped, salt: 'ab'.repeat(16) },
      { ...shipped, salt: 'ab'.repeat(64) },
    ]) {
      expect(resolveAdminAccount(value)).toEqual(value);
    }
    for (const value of [
      { ...shipped, username: 'a'.repeat(101) },
      { ...shipped, username: 'the therapist' },
      { ...shipped, salt: 'ab'.repeat(15) },
      { ...shipped, salt: 'ab'.repeat(65) },
      { ...shipped, salt: `${'ab'.repeat(16)}a` },
    ]) {
      expect(resolveAdminAccount(value)).toBe(DEVELOPMENT_ACCOUNT);
    }
  });

  it('never takes a bare hash, a missing or short salt, or fewer than 600,000 iterations', () => {
    for (const value of [
      { username: 'therapist', passwordHash: HASH, development: false },
      { ...shipped, salt: undefined },
      { ...shipped, salt: 'abcd' },
      { ...shipped, salt: 'not hex at all, not hex at all!!' },
      { ...shipped, iterations: undefined },
      { ...shipped, iterations: 599_999 },
      { ...shipped, iterations: '600000' },
      { ...shipped, iterations: 600_000.5 },
    ]) {
      expect(resolveAdminAccount(value)).toBe(DEVELOPMENT_ACCOUNT);
    }
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

  it('uses the development account with a loud warning when unset', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // The module warns once per process, and the unit project's files share their modules: a
    // fresh copy of it, so this warning is its first.
    vi.resetModules();
    const fresh = await import('../../tools/build-env.mjs');
    expect(fresh.buildEnvironment(base).adminAccount).toEqual({
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

  it('stops on a variable set but blank, or a username with spaces or control characters, naming it', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const [env, variable] of [
      [{ ADMIN_USERNAME: '   ' }, 'ADMIN_USERNAME'],
      [{ ADMIN_PASSWORD_SHA256: ' \t ' }, 'ADMIN_PASSWORD_SHA256'],
      [{ ADMIN_USERNAME: '  ', ADMIN_PASSWORD_SHA256: '  ' }, 'ADMIN_USERNAME'],
      [{ ADMIN_USERNAME: 'ad\u0000min', ADMIN_PASSWORD_SHA256: HASH }, 'ADMIN_USERNAME'],
      [{ ADMIN_USERNAME: 'ad\u007fmin', ADMIN_PASSWORD_SHA256: HASH }, 'ADMIN_USERNAME'],
      [{ ADMIN_USERNAME: 'two words', ADMIN_PASSWORD_SHA256: HASH }, 'ADMIN_USERNAME'],
    ] as const) {
      expect(() => buildEnvironment({ ...base, ...env })).toThrow(new RegExp(`^${variable} `));
    }
    // Unset (or empty, as a shell's NAME= gives) is still the development account.
    expect(
      buildEnvironment({ ...base, ADMIN_USERNAME: '', ADMIN_PASSWORD_SHA256: '' }).adminAccount.development,
    ).toBe(true);
  });

  it('stops a build whose shipped account the sign-in would not take, instead of shipping the development one', async () => {
    const account = { username: 'therapist', passwordSha256: HASH, development: false };
    await expect(shippedAdminAccount(account, { salt: 'ab' })).rejects.toThrow(
      /salt made for ADMIN_PASSWORD_SHA256/,
    );
    await expect(shippedAdminAccount(account, { salt: SALT, iterations: 1000 })).rejects.toThrow(
      /ADMIN_PASSWORD_SHA256's derivation must use at least 600000 iterations/,
    );
    await expect(shippedAdminAccount({ ...account, username: 'a\u0001b' }, { salt: SALT })).rejects.toThrow(
      /ADMIN_USERNAME must be/,
    );
  });

  it('says the username rule in the same words at the build and at the sign-in', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const rule = 'ADMIN_USERNAME must be 1 to 100 characters without spaces or control characters';
    expect(() => buildEnvironment({ ...base, ADMIN_USERNAME: 'a b', ADMIN_PASSWORD_SHA256: HASH })).toThrow(
      `${rule}.`,
    );
    await expect(
      shippedAdminAccount({ username: 'a b', passwordSha256: HASH, development: false }, { salt: SALT }),
    ).rejects.toThrow(rule);
  });

  it('refuses one variable without the other', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(() => buildEnvironment({ ...base, ADMIN_USERNAME: 'a' })).toThrow(/set both or neither/);
    expect(() => buildEnvironment({ ...base, ADMIN_PASSWORD_SHA256: HASH })).toThrow(/set both or neither/);
  });
});

describe('a production build', () => {
  const development = { username: 'admin', passwordSha256: DEV_ADMIN.passwordSha256, development: true };
  const configured = { username: 'therapist', passwordSha256: HASH, development: false };

  it('is one for CI, Netlify, Cloudflare Pages or an https SITE_URL', () => {
    expect(productionBuildReason({})).toBeUndefined();
    expect(
      productionBuildReason({ SITE_URL: 'http://localhost:4321', CI: '', NETLIFY: ' ' }),
    ).toBeUndefined();
    // CI=false is how a build says it is not one.
    expect(productionBuildReason({ CI: 'false', CF_PAGES: '0' })).toBeUndefined();
    expect(productionBuildReason({ CI: 'true' })).toBe('CI is set');
  });

  it('knows the hosts that build and deploy each change by themselves', () => {
    for (const name of ['NETLIFY', 'CF_PAGES', 'GITHUB_ACTIONS'])
      expect(hostBuildsEachChange({ [name]: 'true' })).toBe(true);
    // The practice's own server, a plain CI run, and a marker set to 'false' or '0'.
    expect(hostBuildsEachChange({})).toBe(false);
    expect(hostBuildsEachChange({ CI: 'true' })).toBe(false);
    expect(hostBuildsEachChange({ NETLIFY: 'false', CF_PAGES: '0', GITHUB_ACTIONS: ' ' })).toBe(false);
    expect(productionBuildReason({ CI: '1' })).toBe('CI is set');
    expect(productionBuildReason({ NETLIFY: 'true' })).toBe('NETLIFY is set');
    expect(productionBuildReason({ CF_PAGES: '1' })).toBe('CF_PAGES is set');
    expect(productionBuildReason({ SITE_URL: ' HTTPS://www.example.org' })).toBe('SITE_URL is https');
  });

  it('stops without the admin variables, saying why and what to set', () => {
    for (const env of [
      { CI: 'true' },
      { NETLIFY: 'true' },
      { CF_PAGES: '1' },
      { SITE_URL: 'https://x.example' },
    ]) {
      expect(() => refuseDevelopmentAccountInProduction(env, development)).toThrow(
        /production build \((CI|NETLIFY|CF_PAGES) is set|SITE_URL is https\).*ADMIN_USERNAME and ADMIN_PASSWORD_SHA256 are not set.*sha256sum/,
      );
    }
  });

  it('stops with the development password given explicitly', () => {
    expect(() =>
      refuseDevelopmentAccountInProduction({ CI: 'true' }, { ...development, development: false }),
    ).toThrow(/hash of the development password/);
  });

  it('goes ahead with a real account, and a local build keeps the development one', () => {
    expect(() => refuseDevelopmentAccountInProduction({ CI: 'true' }, configured)).not.toThrow();
    expect(() =>
      refuseDevelopmentAccountInProduction({ SITE_URL: 'http://localhost:4321' }, development),
    ).not.toThrow();
  });

  it('measurement builds bring an account nobody can sign in with only where it is needed', () => {
    expect(measurementAdminEnv({})).toEqual({});
    expect(measurementAdminEnv({ CI: 'true', ADMIN_USERNAME: 'a', ADMIN_PASSWORD_SHA256: HASH })).toEqual({});
    const first = measurementAdminEnv({ CI: 'true' });
    const second = measurementAdminEnv({ CI: 'true' });
    expect(first.ADMIN_USERNAME).toBe('measurement');
    expect(first.ADMIN_PASSWORD_SHA256).toMatch(/^[0-9a-f]{64}$/);
    expect(first.ADMIN_PASSWORD_SHA256).not.toBe(second.ADMIN_PASSWORD_SHA256);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const account = buildEnvironment({ CI: 'true', ...first }).adminAccount;
    expect(() => refuseDevelopmentAccountInProduction({ CI: 'true' }, account)).not.toThrow();
  });
});

describe('syncAdminAccount', () => {
  it('adds the admin once and keeps a single user', async () => {
    const db = createDatabase({ indexedDB: new IDBFactory(), IDBKeyRange });
    const account = {
      username: 'therapist',
      passwordHash: HASH,
      salt: SALT,
      iterations: 600_000,
      development: false,
    };
    const first = await syncAdminAccount(account, { database: () => db });
    const second = await syncAdminAccount(account, { database: () => db });
    expect(second).toEqual(first);
    expect(await db.users.toArray()).toEqual([
      { id: first!.id, username: 'therapist', passwordHash: HASH, role: 'admin' },
    ]);
    db.close();
  });
});
