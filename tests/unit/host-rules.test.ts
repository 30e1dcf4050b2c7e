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

  it('reads a comment after a rule as a comment, and a rule without a status as a 301', () => {
    const commented = parseRedirects('/a  /b  # moved in 2024\n/c  /d  302  # kept\n');
    expect(matchRedirect(commented, '/a')).toEqual({ status: 301, target: '/b' });
    expect(matchRedirect(commented, '/c')).toEqual({ status: 302, target: '/d' });
  });

  it('skips a line with no target, not a rule that answers with nothing', () => {
    const partial = parseRedirects('/lonely\n/lonely  /found  302\n');
    expect(partial).toHaveLength(1);
    expect(matchRedirect(partial, '/lonely')).toEqual({ status: 302, target: '/found' });
  });

  it('leaves a placeholder the pattern does not have as it is written', () => {
    expect(matchRedirect(parseRedirects('/a/:id  /b/:other  301'), '/a/1')?.target).toBe('/b/:other');
  });

  it('keeps the leading slash of a splat that follows no slash in the target', () => {
    // '/v1*' takes '/a/b' as its splat: '/v2' + '/a/b', not '/v2%2Fa/b'.
    expect(matchRedirect(parseRedirects('/v1*  /v2:splat  301'), '/v1/a/b')?.target).toBe('/v2/a/b');
  });

  it('never writes two slashes in a row from a splat, wherever they are in it', () => {
    expect(matchRedirect(rules, '/old/a//b')?.target).toBe('/new/a%2F/b');
    expect(matchRedirect(rules, '/old/a///b')?.target).toBe('/new/a%2F%2F/b');
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

  it('skips comment lines, also inside a block and indented ones', () => {
    const commented = parseHeaders(
      '/*\n  A: 1\n# a note between two headers\n  B: 2\n  # C: not a header\n\tD: 4\n  no colon here\n',
    );
    expect([...headersFor(commented, '/x')]).toEqual([
      ['A', '1'],
      ['B', '2'],
      ['D', '4'],
    ]);
  });

  it('goes on to later blocks after one that does not match', () => {
    const three = parseHeaders('/*\n  A: 1\n/blog/*\n  B: 2\n/_astro/*\n  C: 3\n');
    expect([...headersFor(three, '/_astro/x.js')]).toEqual([
      ['A', '1'],
      ['C', '3'],
    ]);
  });

  // As Netlify reads it: `/cms` served the CMS's page without the headers of `/cms/*`.
  it("applies a folder's `/x/*` to `/x` itself, and to no other address", () => {
    const folder = parseHeaders('/cms/*\n  A: 1\n/*\n  B: 2\n');
    for (const path of ['/cms', '/cms/', '/cms/config.yml', '/cms/a/b']) {
      expect(headersFor(folder, path).get('A'), path).toBe('1');
    }
    for (const path of ['/cmsx', '/cms.html', '/other/cms', '/']) {
      expect(headersFor(folder, path).get('A'), path).toBeUndefined();
      expect(headersFor(folder, path).get('B'), path).toBe('2');
    }
  });

  it('keeps colons inside values', () => {
    const [block] = parseHeaders('/*\n  Content-Security-Policy: default-src https://a.example:443\n');
    expect(block?.headers).toEqual([['Content-Security-Policy', 'default-src https://a.example:443']]);
  });
});

describe('public/_headers', () => {
  const blocks = parseHeaders(readFileSync('public/_headers', 'utf8'));

  // The admin's and the CMS's addresses, with or without their trailing slash (`/admin` is a redirect
  // to the post list); the sign-in page may be listed (tests/e2e/seo.spec.ts).
  it('keeps the admin and the CMS out of search engines, not the sign-in page', () => {
    for (const path of ['/cms', '/cms/', '/admin', '/admin/', '/admin/posts', '/admin/posts/new/']) {
      expect(headersFor(blocks, path).get('X-Robots-Tag'), path).toBe('noindex, nofollow');
    }
    for (const path of ['/login', '/login/', '/', '/blog']) {
      expect(headersFor(blocks, path).get('X-Robots-Tag'), path).toBeUndefined();
    }
  });

  // Cloudflare Pages joins a header that several matching blocks set into one comma-separated value
  // (two policies at once, or an invalid Cross-Origin-Opener-Policy that browsers then ignore), where
  // npm start and Netlify let the later block win. Set once, a header means the same on every host.
  it('sets each header at most once for any path', () => {
    const paths = [
      ...blocks.map((block) => block.pattern.replace(/\*|:\w+/g, 'x')),
      ...blocks.map((block) => block.pattern.replace(/\/\*$/, '')).filter(Boolean),
      '/',
      '/blog/a-post',
    ];
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

describe('the plain nginx server of docs/deployment.md', () => {
  const docs = readFileSync('docs/deployment.md', 'utf8');

  // nginx adds an `always` header to every answer: the year of caching went to a 403 (`/_astro/`
  // itself) and a 405 (a POST), which a cache may then keep for the file. (A 416 still gets it:
  // nginx makes it from the 200 whose headers are already set.)
  it('gives the year of caching of /_astro/ to its files only, never to an error', () => {
    const block = /location \/_astro\/ \{[^}]*\}/.exec(docs)?.[0] ?? '';
    const caching = block.split('\n').filter((line) => /^\s*add_header Cache-Control/.test(line));
    expect(caching).toEqual(['        add_header Cache-Control "public, max-age=31536000, immutable";']);
  });

  // nginx gives an answer the add_header lines of the location that makes it, and this server has
  // none of its own: a redirect made by a location without the snippet, or by a `rewrite` at the
  // server level (before any location), went out with no HSTS, no policy and, for /admin, no
  // noindex. A `return 404` is answered by error_page with the 404 page, from `location /`.
  it("gives the site's headers to every answer a location makes, redirects included", () => {
    const server = /```nginx\nserver \{\n([\s\S]*?)\n\}\n```/.exec(docs)?.[1] ?? '';
    const locations = [...server.matchAll(/^ {4}location ([^{]*)\{([^}]*)\}/gm)];
    expect(locations.length).toBeGreaterThan(5);
    for (const [, where, body] of locations) {
      if (/^\s*return 404;\s*$/.test(body ?? '')) continue;
      expect(body, `location ${where}`).toContain('include snippets/bright-path-headers.conf;');
    }
    const serverLevel = server.replace(/^ {4}location [^{]*\{[^}]*\}/gm, '');
    expect(serverLevel).not.toMatch(/^\s*(rewrite\s.*\s(permanent|redirect)|return\s+3\d\d)\b/m);
    // The admin's redirect to its post list is the admin's, as `/admin/*` in _headers covers `/admin`.
    const admin = locations.find(([, , body]) => body?.includes('return 302 /admin/posts'))?.[2];
    expect(admin).toContain('add_header X-Robots-Tag "noindex, nofollow" always;');
  });

  // As `_headers` reads `/cms/*` (above): `location /cms/` left `/cms` to `location /`.
  it("gives the CMS's headers to its address without the slash too", () => {
    const block = /location \/cms \{[^}]*\}/.exec(docs)?.[0] ?? '';
    expect(block).toContain('add_header X-Robots-Tag "noindex, nofollow" always;');
  });
});
