import { describe, expect, it } from 'vitest';
import { headersFor, matchRedirect, parseHeaders, parseRedirects } from '../../server/host-rules.mjs';

describe('_redirects', () => {
  const rules = parseRedirects(`
# comment
/admin/posts/:id/edit  /admin/posts/edit/  200
/old/*   /new/:splat   301
/gone    /           302   # trailing comment
`);

  it('rewrites the admin edit route for any id', () => {
    expect(matchRedirect(rules, '/admin/posts/42/edit')).toEqual({
      status: 200,
      target: '/admin/posts/edit/',
    });
    expect(matchRedirect(rules, '/admin/posts/abc/edit/')).toEqual({
      status: 200,
      target: '/admin/posts/edit/',
    });
    expect(matchRedirect(rules, '/admin/posts/42/edit/extra')).toBeUndefined();
  });

  it('fills the splat into the target and keeps the status', () => {
    expect(matchRedirect(rules, '/old/a/b')).toEqual({ status: 301, target: '/new/a/b' });
    expect(matchRedirect(rules, '/gone')).toEqual({ status: 302, target: '/' });
  });

  it('does not treat regex characters in paths as patterns', () => {
    expect(matchRedirect(parseRedirects('/a.b /c 301'), '/axb')).toBeUndefined();
  });
});

describe('_headers', () => {
  const blocks = parseHeaders(`/*
  X-Content-Type-Options: nosniff
  Cache-Control: public
/_astro/*
  Cache-Control: immutable
`);

  it('applies every matching block, later ones winning', () => {
    const headers = headersFor(blocks, '/_astro/x.js');
    expect(headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(headers.get('Cache-Control')).toBe('immutable');
    expect(headersFor(blocks, '/training').get('Cache-Control')).toBe('public');
  });

  it('keeps colons inside values', () => {
    const [block] = parseHeaders('/*\n  Content-Security-Policy: default-src https://a.example:443\n');
    expect(block?.headers).toEqual([['Content-Security-Policy', 'default-src https://a.example:443']]);
  });
});
