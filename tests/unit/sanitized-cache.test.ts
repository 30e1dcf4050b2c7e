// The posts' sanitised HTML kept between builds (src/lib/content/sanitized-cache.ts): a kept result
// is used only for the very same HTML and the same sanitiser, what a build did not use is dropped,
// and a cache that cannot be read is a miss.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SanitizedCache, sanitizerVersion } from '@/lib/content/sanitized-cache';
import { sanitizeHtml } from '@/lib/text/sanitize';
import { temporaryDirectory } from '../helpers';

const cacheFile = () => join(temporaryDirectory('sanitized-cache-'), 'sanitized-posts.json');
const DIRTY = '<p>Hello <a href="javascript:alert(1)" onclick="x()">there</a></p><script>alert(1)</script>';

/** A sanitiser that counts its calls. */
function counting() {
  const calls: string[] = [];
  return {
    calls,
    sanitize: (dirty: string) => {
      calls.push(dirty);
      return sanitizeHtml(dirty);
    },
  };
}

describe('SanitizedCache', () => {
  it('sanitises as sanitizeHtml does, and keeps the result for the next build', async () => {
    const file = cacheFile();
    const first = counting();
    const cache = await SanitizedCache.open(file, { sanitize: first.sanitize });
    const clean = cache.html(DIRTY);
    expect(clean).toBe(sanitizeHtml(DIRTY));
    expect(clean).not.toMatch(/script|javascript|onclick/);
    await cache.save();

    const second = counting();
    const next = await SanitizedCache.open(file, { sanitize: second.sanitize });
    expect(next.html(DIRTY)).toBe(clean);
    expect(second.calls).toEqual([]);
    expect(next.hits).toBe(1);
    // Other HTML is sanitised, not taken from another post's entry.
    expect(next.html('<p>Other<img src=x onerror=alert(1)></p>')).toBe(
      sanitizeHtml('<p>Other<img src=x onerror=alert(1)></p>'),
    );
    expect(second.calls).toHaveLength(1);
  });

  it('sanitises every post again once the sanitiser has changed', async () => {
    const file = cacheFile();
    const cache = await SanitizedCache.open(file, { salt: 'sanitiser before' });
    cache.html(DIRTY);
    await cache.save();
    const after = counting();
    const next = await SanitizedCache.open(file, { salt: 'sanitiser after', sanitize: after.sanitize });
    next.html(DIRTY);
    expect(after.calls).toEqual([DIRTY]);
  });

  it('keys on the code of sanitize.ts and url-check.ts and the packages they run on', () => {
    // Each part named: a part left out (or a package whose version is not found) changes the key.
    const root = new URL('../../', import.meta.url);
    const read = (file: string) => readFileSync(new URL(file, root), 'utf8');
    const expected = createHash('sha256')
      .update(read('src/lib/text/sanitize.ts'))
      .update('\0')
      .update(read('src/lib/text/url-check.ts'));
    for (const name of ['dompurify', 'jsdom', 'isomorphic-dompurify']) {
      const { version } = JSON.parse(read(`node_modules/${name}/package.json`)) as { version: string };
      expect(version, name).toMatch(/^\d+\.\d+\.\d+/);
      expected.update(`\0${name}@${version}`);
    }
    expect(sanitizerVersion()).toBe(expected.digest('hex'));
  });

  it('drops the entries a build did not use', async () => {
    const file = cacheFile();
    const cache = await SanitizedCache.open(file);
    cache.html('<p>one</p>');
    cache.html('<p>two</p>');
    await cache.save();
    const next = await SanitizedCache.open(file);
    next.html('<p>two</p>');
    await next.save();
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { entries: Record<string, string> };
    expect(Object.values(kept.entries)).toEqual(['<p>two</p>']);
  });

  it('treats a file it cannot read, or an entry that is not text, as a miss', async () => {
    const file = cacheFile();
    writeFileSync(file, '{ not json');
    const broken = counting();
    (await SanitizedCache.open(file, { sanitize: broken.sanitize })).html(DIRTY);
    expect(broken.calls).toEqual([DIRTY]);

    const salt = 'a salt';
    const cache = await SanitizedCache.open(file, { salt });
    cache.html(DIRTY);
    await cache.save();
    const written = JSON.parse(readFileSync(file, 'utf8')) as { entries: Record<string, unknown> };
    for (const key of Object.keys(written.entries)) written.entries[key] = { html: '<script>' };
    writeFileSync(file, JSON.stringify(written));
    const odd = counting();
    expect((await SanitizedCache.open(file, { salt, sanitize: odd.sanitize })).html(DIRTY)).toBe(
      sanitizeHtml(DIRTY),
    );
    expect(odd.calls).toEqual([DIRTY]);
  });
});
