import { statSync } from 'node:fs';
import path from 'node:path';
import { testBuildPath } from '../../tools/test-build.mjs';
import { expect, test } from './fixtures';

// The build the end-to-end server serves: the run's one build (tools/test-build.mjs).
const dist = testBuildPath;

test.describe('production server', () => {
  test('serves the home page with the security headers of public/_headers', async ({ request }) => {
    const response = await request.get('/');
    expect(response.status()).toBe(200);
    expect(response.headers()['x-content-type-options']).toBe('nosniff');
    expect(response.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers()['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });

  test('answers an unknown path with the 404 page and status 404', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/not found/i);
  });

  test('sends the caching that public/_headers gives each kind of file', async ({ request }) => {
    const cacheControl = async (path: string) => (await request.head(path)).headers()['cache-control'];
    // The admin (also through the edit rewrite) is never kept; the worker and manifest are rechecked.
    expect(await cacheControl('/admin/posts')).toBe('no-store');
    expect(await cacheControl('/admin/posts/17/edit')).toBe('no-store');
    expect(await cacheControl('/sw.js')).toBe('no-cache');
    expect(await cacheControl('/manifest.webmanifest')).toBe('no-cache');
    expect(await cacheControl('/cms/')).toBe('no-cache');
    // Files that _headers says nothing about get the hosts' usual default.
    expect(await cacheControl('/')).toBe('public, max-age=0, must-revalidate');
    const html = await (await request.get('/')).text();
    // Public pages name their bundled scripts in the inline starter's list, not in a src attribute
    // (src/integrations/html/script-priority-step.mjs).
    const script = /"(\/_astro\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    expect(await cacheControl(script!)).toBe('public, max-age=31536000, immutable');
  });

  test('answers a page asked for again with 304 Not Modified, by its ETag or its date', async ({
    request,
  }) => {
    const first = await request.get('/training', { headers: { 'Accept-Encoding': 'br' } });
    const etag = first.headers()['etag']!;
    const lastModified = first.headers()['last-modified']!;
    expect(etag).toMatch(/^W\/".+-br"$/);
    const again = async (headers: Record<string, string>) => {
      const response = await request.get('/training', { headers: { 'Accept-Encoding': 'br', ...headers } });
      return {
        status: response.status(),
        body: (await response.body()).length,
        etag: response.headers()['etag'],
      };
    };
    // What browsers send, and what a feed reader or crawler may send alone.
    expect(await again({ 'If-None-Match': etag })).toEqual({ status: 304, body: 0, etag });
    expect(await again({ 'If-Modified-Since': lastModified })).toMatchObject({ status: 304, body: 0 });
    // Another copy's ETag (gzip), or one of an older build: the page again, whatever the date says.
    const changed = await again({
      'If-None-Match': etag.replace('-br', '-gzip'),
      'If-Modified-Since': lastModified,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toBeGreaterThan(1000);
    // Never a 304 for an address the site does not have.
    expect((await request.get('/no-such-page', { headers: { 'If-None-Match': '*' } })).status()).toBe(404);
  });

  test('sends /admin on to the post list', async ({ request }) => {
    for (const path of ['/admin', '/admin/']) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
      expect(response.headers()['location']).toBe('/admin/posts');
    }
  });

  test("sends a list's page 1 on to the list itself", async ({ request }) => {
    for (const [path, list] of [
      ['/blog/page/1', '/blog'],
      ['/blog/page/1/', '/blog'],
      ['/blog/tags/life-skills/page/1', '/blog/tags/life-skills'],
    ]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(301);
      expect(response.headers()['location'], path).toBe(list);
      expect((await request.get(list)).status(), list).toBe(200);
    }
  });

  test('compresses text responses', async ({ request }) => {
    const response = await request.get('/', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(response.headers()['content-encoding']).toBe('gzip');
  });

  test("sends the build's compressed copies, with the file's own type and headers", async ({ request }) => {
    const html = await (await request.get('/')).text();
    const stylesheet = /href="(\/_astro\/[^"]+\.css)"/.exec(html)?.[1];
    expect(stylesheet).toBeTruthy();
    const original = await (
      await request.get(stylesheet!, { headers: { 'Accept-Encoding': 'identity' } })
    ).body();
    for (const [accept, encoding, copy] of [
      ['br, gzip', 'br', '.br'],
      ['gzip', 'gzip', '.gz'],
      // Weighed at 0: refused (RFC 9110).
      ['br;q=0, gzip', 'gzip', '.gz'],
    ] as const) {
      const response = await request.get(stylesheet!, { headers: { 'Accept-Encoding': accept } });
      const headers = response.headers();
      expect(headers['content-encoding'], accept).toBe(encoding);
      // The copy the build wrote, byte for byte, not one compressed again on the way.
      expect(Number(headers['content-length']), accept).toBe(
        statSync(path.join(dist, stylesheet! + copy)).size,
      );
      expect(headers['content-type'], accept).toMatch(/^text\/css/);
      expect(headers['vary'], accept).toMatch(/accept-encoding/i);
      expect(headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      expect(headers['x-content-type-options'], accept).toBe('nosniff');
      expect((await response.body()).equals(original), accept).toBe(true);
    }
    // A page through the admin edit rewrite comes compressed too, as HTML and never cached.
    const edit = await request.get('/admin/posts/17/edit', { headers: { 'Accept-Encoding': 'br' } });
    expect(edit.headers()['content-encoding']).toBe('br');
    expect(edit.headers()['content-type']).toMatch(/^text\/html/);
    expect(edit.headers()['cache-control']).toBe('no-store');
  });
});
