import { describe, expect, it } from 'vitest';
import { DEFAULT_AFTER_LOGIN, loginUrlFor, safeRedirectTarget, targetAfterSignIn } from '@/lib/auth/redirect';
import { OFF_SITE_TARGETS } from '../redirect-targets';

describe('safeRedirectTarget', () => {
  it('follows paths on this site, with their query and fragment', () => {
    expect(safeRedirectTarget('/admin/posts/3/edit')).toBe('/admin/posts/3/edit');
    expect(safeRedirectTarget('/admin/posts/new')).toBe('/admin/posts/new');
    expect(safeRedirectTarget('/admin/posts?tab=drafts#list')).toBe('/admin/posts?tab=drafts#list');
    expect(safeRedirectTarget('/blog/caf%C3%A9')).toBe('/blog/caf%C3%A9');
  });

  it('follows a path of 2048 characters, one encoded three times, and one with dot segments, resolved', () => {
    const long = `/admin/${'a'.repeat(2041)}`;
    expect(long).toHaveLength(2048);
    expect(safeRedirectTarget(long)).toBe(long);
    expect(safeRedirectTarget('/blog/a%252541')).toBe('/blog/a%252541');
    expect(safeRedirectTarget('/admin/./posts/../posts/new')).toBe('/admin/posts/new');
  });

  it('goes to the post list without a target', () => {
    for (const value of [null, undefined, '', 42, {}])
      expect(safeRedirectTarget(value)).toBe(DEFAULT_AFTER_LOGIN);
  });

  it.each([
    'https://evil.example/admin',
    'http://evil.example',
    'HTTPS://evil.example',
    '//evil.example',
    '//evil.example/admin/posts',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '\\/evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    // Not the post list itself, which is where an ignored target goes too: these could not fail.
    ' /admin/posts/new',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'admin/posts/new',
    './/evil.example',
    '%2F%2Fevil.example',
    '/%2Fevil.example',
    '/%5Cevil.example',
    '%2f%5cevil.example',
    '/%252F%252Fevil.example',
    '/%25252F%25252Fevil.example',
    '%0A//evil.example',
    '/%09/evil.example',
    // Dot segments that resolve to '//evil.example', which location.assign reads as another host.
    '/.//evil.example',
    '/a/..//evil.example',
    '/%2e//evil.example',
    '/./%2Fevil.example',
    '/x/../..//evil.example/admin',
    '/%E0%A4%A',
    '/login',
    '/login?next=/admin/posts',
    '/blog/a%20b',
    '/' + 'a'.repeat(3000),
    '/' + 'a'.repeat(2048),
    '/login/',
    '/login/reset',
    '/admin\\posts\\new',
    '/\u2028/evil.example',
    '/\u3000/evil.example',
    '/\ufeff/evil.example',
  ])('ignores %j', (target) => {
    expect(safeRedirectTarget(target)).toBe(DEFAULT_AFTER_LOGIN);
  });
});

describe('targetAfterSignIn', () => {
  /** What the login page reads once signed in: `location.search` of the address as typed. */
  const searchOf = (address: string) => new URL(address, 'http://127.0.0.1:4399').search;

  it.each(OFF_SITE_TARGETS)('refuses ?next=%s written into the address', (target) => {
    expect(targetAfterSignIn(searchOf(`/login?next=${target}`))).toBe(DEFAULT_AFTER_LOGIN);
  });

  it('follows a page of this site and goes to the post list without one', () => {
    expect(targetAfterSignIn(searchOf('/login?next=/admin/posts/new'))).toBe('/admin/posts/new');
    expect(targetAfterSignIn(searchOf('/login?next=/admin/posts/3/edit%3Ftab%3D1'))).toBe(
      '/admin/posts/3/edit?tab=1',
    );
    expect(targetAfterSignIn(searchOf('/login'))).toBe(DEFAULT_AFTER_LOGIN);
  });
});

describe('loginUrlFor', () => {
  it('remembers a protected page in a readable query', () => {
    expect(loginUrlFor('/admin/posts/3/edit')).toBe('/login?next=/admin/posts/3/edit');
    expect(loginUrlFor('/admin/posts/new?x=1&y=2')).toBe('/login?next=/admin/posts/new%3Fx%3D1%26y%3D2');
  });

  it('needs no target for the default page or an unsafe one', () => {
    expect(loginUrlFor('/admin/posts')).toBe('/login');
    expect(loginUrlFor('//evil.example')).toBe('/login');
  });

  it('round-trips through URLSearchParams', () => {
    const url = new URL(loginUrlFor('/admin/posts/new?x=1&y=2#top'), 'https://example.org');
    expect(safeRedirectTarget(url.searchParams.get('next'))).toBe('/admin/posts/new?x=1&y=2#top');
  });
});
