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

  // The values come from the request's path; the target goes into a Location header as it is.
  describe('values taken from the request', () => {
    const hostile = parseRedirects(`
/go/*        /:splat          302
/u/:name     /users/:name     301
/x/:name/*   https://www.example.org/:name/:splat  301
`);
    const target = (path: string) => matchRedirect(hostile, path)?.target ?? '';

    it('encodes CR, LF and other characters that cannot go into a header', () => {
      expect(target('/u/a\r\nSet-Cookie: session=1')).toBe('/users/a%0D%0ASet-Cookie%3A%20session%3D1');
      expect(target('/u/caf\u00e9 \u2603')).toBe('/users/caf%C3%A9%20%E2%98%83');
      expect(target('/u/a?b#c')).toBe('/users/a%3Fb%23c');
      // What the browser would be sent: only characters a header value allows.
      for (const path of ['/u/a\r\nb', '/go/\u2603 /\t', '/x/\r/\u0085']) {
        expect(target(path), path).toMatch(/^[\x21-\x7e]+$/);
      }
    });

    it('never makes a target that a browser reads as another host', () => {
      expect(target('/go//evil.example')).toBe('/%2Fevil.example');
      expect(target('/go///evil.example/a')).toBe('/%2F/evil.example/a');
      expect(target('/go/\\evil.example')).toBe('/%5Cevil.example');
      expect(target('/go/\t/evil.example')).toBe('/%09/evil.example');
      expect(target('/x/a//b')).toBe('https://www.example.org/a/%2Fb');
      expect(target('/x/evil.example%2F/b')).toBe('https://www.example.org/evil.example%252F/b');
      for (const path of ['/go//evil.example', '/go/\\/evil.example', '/go/%2F%2Fevil.example', '/go//\\x']) {
        const location = new URL(target(path), 'https://www.example.org/go/');
        expect(location.host, path).toBe('www.example.org');
      }
    });

    it('keeps the single slashes of a splat', () => {
      expect(target('/go/blog/a-post')).toBe('/blog/a-post');
      expect(target('/go/')).toBe('/');
    });
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

  // A decoded %0A or %0D is part of the path: `/admin/posts/1%0A/edit` served the admin's editor
  // (through the rewrite of :id) without frame-ancestors, X-Frame-Options or no-store.
  it('applies `*` to a path with a line break in it', () => {
    for (const path of ['/admin/posts/1\n/edit', '/\r\n', '/_astro/a\u2028.js']) {
      expect(headersFor(blocks, path).get('X-Content-Type-Options'), path).toBe('nosniff');
    }
    expect(headersFor(blocks, '/_astro/a\n.js').get('Cache-Control')).toBe('immutable');
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
