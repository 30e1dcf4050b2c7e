import { describe, expect, it } from 'vitest';
import { constantTimeEqual, meetsPasswordRule, passwordMatches, sha256Hex } from '@/lib/auth/password';

describe('password hashing', () => {
  it('gives the lower-case hex SHA-256 of the UTF-8 text, as sha256sum does', async () => {
    expect(await sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(await sha256Hex('change-me-now')).toBe(
      'ccc0b903bce51fb554262d742d0a282e1f8a87d064f1cf44f8ff5148ca4beb42',
    );
    // Non-ASCII text is hashed as UTF-8 (printf %s 'café' | sha256sum).
    expect(await sha256Hex('café')).toBe('850f7dc43910ff890f8879c0ed26fe697c93a067ad93a7d50f466a7028a9bf4e');
  });

  it('matches a password against a stored hash in either hex case', async () => {
    const hash = await sha256Hex('correct horse battery staple');
    expect(await passwordMatches('correct horse battery staple', hash)).toBe(true);
    expect(await passwordMatches('correct horse battery staple', hash.toUpperCase())).toBe(true);
    expect(await passwordMatches('correct horse battery stapl', hash)).toBe(false);
    expect(await passwordMatches('', hash)).toBe(false);
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
