import { readFileSync } from 'node:fs';
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

describe('public/_headers', () => {
  const blocks = parseHeaders(readFileSync('public/_headers', 'utf8'));

  // Cloudflare Pages joins a header that several matching blocks set into one comma-separated value
  // (two policies at once, or an invalid Cross-Origin-Opener-Policy that browsers then ignore), where
  // npm start and Netlify let the later block win. Set once, a header means the same on every host.
  it('sets each header at most once for any path', () => {
    const paths = [...blocks.map((block) => block.pattern.replace(/\*|:\w+/g, 'x')), '/', '/blog/a-post'];
    for (const path of paths) {
      const names = blocks
        .filter((block) => block.match.test(path))
        .flatMap((block) => block.headers.map(([name]) => name.toLowerCase()));
      expect(
        names.filter((name, index) => names.indexOf(name) !== index),
        path,
      ).toEqual([]);
    }
  });
});
