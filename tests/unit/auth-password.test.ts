import { describe, expect, it } from 'vitest';
import { shippedAdminAccount } from '../../tools/build-env.mjs';
import {
  constantTimeEqual,
  hashPassword,
  meetsPasswordRule,
  passwordMatches,
  sha256Hex,
} from '@/lib/auth/password';
import {
  derivePasswordHash,
  hexToBytes,
  PBKDF2_ITERATIONS,
  pbkdf2Sha256Hex,
  siteSalt,
} from '@/lib/auth/password-derivation.mjs';
import { TEST_ACCOUNT, TEST_PASSWORD_SHA256 } from './auth-helpers';

const hexOf = (text: string) => Buffer.from(text, 'utf8').toString('hex');
/** siteSalt('https://www.example.org', 'therapist'), worked out with sha256sum (below). */
const SITE_SALT = '0219864702fe8285d43d120dfdb32c9c';

describe('password hashing', () => {
  it('gives the lower-case hex SHA-256 of the UTF-8 text, as sha256sum does', async () => {
    expect(await sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(await sha256Hex('change-me-now')).toBe(
      'ccc0b903bce51fb554262d742d0a282e1f8a87d064f1cf44f8ff5148ca4beb42',
    );
    // Non-ASCII text is hashed as UTF-8 (printf %s 'café' | sha256sum).
    expect(await sha256Hex('café')).toBe('850f7dc43910ff890f8879c0ed26fe697c93a067ad93a7d50f466a7028a9bf4e');
  });

  it('matches a password against a stored derivation in either hex case, and refuses others', async () => {
    const derivation = { salt: TEST_ACCOUNT.salt, iterations: TEST_ACCOUNT.iterations };
    const hash = TEST_ACCOUNT.passwordHash;
    expect(await passwordMatches('a long test passphrase', hash, derivation)).toBe(true);
    expect(await passwordMatches('a long test passphrase', hash.toUpperCase(), derivation)).toBe(true);
    expect(await passwordMatches('a long test passphras', hash, derivation)).toBe(false);
    expect(await passwordMatches('A long test passphrase', hash, derivation)).toBe(false);
    expect(await passwordMatches('', hash, derivation)).toBe(false);
    // The SHA-256 alone is no longer what is compared, typed or stored.
    expect(await passwordMatches(TEST_PASSWORD_SHA256, hash, derivation)).toBe(false);
    expect(await passwordMatches('a long test passphrase', TEST_PASSWORD_SHA256, derivation)).toBe(false);
  });
});

describe('PBKDF2-HMAC-SHA-256', () => {
  it('gives the published test vectors (RFC 7914, section 11)', async () => {
    expect(await pbkdf2Sha256Hex('passwd', hexOf('salt'), 1, 512)).toBe(
      '55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc' +
        '49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783',
    );
    expect(await pbkdf2Sha256Hex('Password', hexOf('NaCl'), 80000, 512)).toBe(
      '4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56' +
        'a1d425a1225833549adb841b51c9b3176a272bdebba1d078478f62b397f33c8d',
    );
    // 32 bytes by default: the first block of the same output.
    expect(await pbkdf2Sha256Hex('passwd', hexOf('salt'), 1)).toBe(
      '55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc',
    );
  });

  it("derives from the SHA-256 of the typed password, as OpenSSL's PBKDF2 does", async () => {
    // openssl kdf -keylen 32 -kdfopt digest:SHA256 -kdfopt pass:<TEST_PASSWORD_SHA256>
    //   -kdfopt hexsalt:<TEST_ACCOUNT.salt> -kdfopt iter:1000 PBKDF2
    expect(await derivePasswordHash(TEST_PASSWORD_SHA256, TEST_ACCOUNT.salt, 1000)).toBe(
      TEST_ACCOUNT.passwordHash,
    );
    expect(await derivePasswordHash(TEST_PASSWORD_SHA256.toUpperCase(), TEST_ACCOUNT.salt, 1000)).toBe(
      TEST_ACCOUNT.passwordHash,
    );
    expect(await hashPassword('a long test passphrase', TEST_ACCOUNT)).toBe(TEST_ACCOUNT.passwordHash);
  });

  it("makes 16 bytes of salt from the site's origin and the username, and refuses a salt that is not hex", async () => {
    const salt = await siteSalt('https://www.example.org', 'therapist');
    expect(salt).toMatch(/^[0-9a-f]{32}$/);
    // printf 'admin password salt v1\nhttps://www.example.org\ntherapist' | sha256sum | cut -c1-32
    expect(salt).toBe(SITE_SALT);
    // The origin is what counts: a path or a trailing slash in SITE_URL, or spaces around the
    // username, give the same salt.
    expect(await siteSalt('https://www.example.org/blog/', ' therapist ')).toBe(salt);
    const others = await Promise.all([
      siteSalt('https://practice.example.net', 'therapist'),
      siteSalt('http://www.example.org', 'therapist'),
      siteSalt('https://www.example.org', 'admin'),
    ]);
    expect(new Set([salt, ...others]).size).toBe(4);
    expect(() => hexToBytes('abc')).toThrow();
    expect(() => hexToBytes('zz')).toThrow();
  });
});

describe('what a build ships', () => {
  const configured = { username: 'therapist', passwordSha256: TEST_PASSWORD_SHA256, development: false };

  it("is a 600,000-iteration derivation with the site's salt, which the sign-in reproduces", async () => {
    const siteUrl = 'https://www.example.org';
    const [first, second, otherSite, newPassword] = await Promise.all([
      shippedAdminAccount(configured, { siteUrl }),
      shippedAdminAccount(configured, { siteUrl }),
      shippedAdminAccount(configured, { siteUrl: 'https://practice.example.net' }),
      shippedAdminAccount({ ...configured, passwordSha256: 'ab'.repeat(32) }, { siteUrl }),
    ]);
    expect(PBKDF2_ITERATIONS).toBeGreaterThanOrEqual(600_000);
    expect(first.iterations).toBe(PBKDF2_ITERATIONS);
    expect(first.salt).toBe(SITE_SALT);
    // Every build of a site ships the same value until the password changes (decision 0055): the
    // admin's session check ends an old password's sessions, and a deploy ends none.
    expect(second).toEqual(first);
    expect(newPassword.salt).toBe(first.salt);
    expect(newPassword.passwordHash).not.toBe(first.passwordHash);
    // Another site has its own salt: nothing computed against one serves for the other.
    expect(otherSite.salt).not.toBe(first.salt);
    expect(otherSite.passwordHash).not.toBe(first.passwordHash);
    expect(JSON.stringify(first)).not.toContain(TEST_PASSWORD_SHA256);
    expect(Object.keys(first).sort()).toEqual([
      'development',
      'iterations',
      'passwordHash',
      'salt',
      'username',
    ]);
    expect(await passwordMatches('a long test passphrase', first.passwordHash, first)).toBe(true);
    expect(await passwordMatches('a wrong passphrase', first.passwordHash, first)).toBe(false);
  });
});

describe('constantTimeEqual', () => {
  it('is true only for identical strings', () => {
    expect(constantTimeEqual('abc', 'abc')).toBe(true);
    expect(constantTimeEqual('', '')).toBe(true);
    expect(constantTimeEqual('abc', 'abd')).toBe(false);
    expect(constantTimeEqual('abc', 'ab')).toBe(false);
    expect(constantTimeEqual('ab', 'abc')).toBe(false);
    expect(constantTimeEqual('a', '')).toBe(false);
    // Past the shorter string's end the loop compares with 0, so only the lengths tell these apart.
    expect(constantTimeEqual('abc', 'abc\u0000')).toBe(false);
    expect(constantTimeEqual('\u0000', '')).toBe(false);
  });

  it('looks at every character instead of stopping at the first difference', () => {
    const a = 'x'.repeat(64);
    let reads = 0;
    const counting = new Proxy(new String('y'.repeat(64)), {
      get(target, property) {
        if (property === 'charCodeAt') {
          return (index: number) => {
            reads += 1;
            return target.charCodeAt(index);
          };
        }
        const value = Reflect.get(target, property) as unknown;
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
      },
    }) as unknown as string;
    expect(constantTimeEqual(a, counting)).toBe(false);
    expect(reads).toBe(64);
  });
});

describe('the password rule of SPEC 5 (defined, unused)', () => {
  it('needs 8 characters with a lower-case letter, an upper-case letter, a digit and one of @$!%*?&', () => {
    expect(meetsPasswordRule('Abcdef1!')).toBe(true);
    expect(meetsPasswordRule('Quiet river 7 & stones')).toBe(true);
    expect(meetsPasswordRule('Abcde1!')).toBe(false); // 7 characters
    expect(meetsPasswordRule('abcdef1!')).toBe(false); // no upper-case letter
    expect(meetsPasswordRule('ABCDEF1!')).toBe(false); // no lower-case letter
    expect(meetsPasswordRule('Abcdefg!')).toBe(false); // no digit
    expect(meetsPasswordRule('Abcdefg1')).toBe(false); // none of @$!%*?&
    expect(meetsPasswordRule('Abcdefg1#')).toBe(false); // '#' is not one of them
    for (const special of '@$!%*?&') expect(meetsPasswordRule(`Abcdef1${special}`)).toBe(true);
  });
});
