// The caches the post-build steps keep between builds (docs/decisions/0026-build-caches-and-copies-for-npm-start.md):
// a result is reused only for the very same input, a problem is never kept, and what a build did
// not use is removed after it.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { temporaryDirectory } from '../helpers';
import { PipelineCache, packageVersion } from '../../src/integrations/html/pipeline-cache.mjs';
import { finishPages, pageContext, runSteps } from '../../src/integrations/html/pipeline.mjs';
import { CopiesCache, compressedCopies, precompressWanted } from '../../src/integrations/precompress.mjs';
import { scriptStarter } from '../../src/integrations/html/script-priority-step.mjs';

const context = { configText: 'backend:\n  name: github\n  repo: a/b\n', siteUrl: 'https://www.example.org' };

const POLICY = "default-src 'self'; script-src 'self'; style-src 'self'";
const page = (text: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="content-security-policy" content="${POLICY}"><title>t</title></head><body><main><p>${text}</p></main><script type="module" src="/_astro/a.js"></script></body></html>`;

describe('PipelineCache', () => {
  const run = (html: string, file: string) => runSteps(html, file, pageContext(context.configText, context));

  it('gives back a kept result only for the same text and path, and counts the hits', async () => {
    const cache = await PipelineCache.open(temporaryDirectory('pipeline-cache-'), context);
    const html = page('one');
    expect(await cache.get(cache.key(html, 'index.html'), html)).toBeUndefined();
    const result = await cache.put(cache.key(html, 'index.html'), html, run(html, 'index.html'));
    expect(result.html).toContain(scriptStarter(['/_astro/a.js']));
    expect(await cache.get(cache.key(html, 'index.html'), html)).toEqual(result);
    expect(await cache.get(cache.key(page('two'), 'index.html'), page('two'))).toBeUndefined();
    expect(await cache.get(cache.key(html, 'other/index.html'), html)).toBeUndefined();
    expect(cache.hits).toBe(1);
  });

  it('keeps nothing across a change of context', async () => {
    const dir = temporaryDirectory('pipeline-cache-');
    const html = page('one');
    const first = await PipelineCache.open(dir, context);
    await first.put(first.key(html, 'index.html'), html, run(html, 'index.html'));
    const other = await PipelineCache.open(dir, { ...context, siteUrl: 'https://elsewhere.example' });
    expect(await other.get(other.key(html, 'index.html'), html)).toBeUndefined();
  });

  it('returns the text itself for a page no step changed', async () => {
    const dir = temporaryDirectory('pipeline-cache-');
    const cache = await PipelineCache.open(dir, context);
    const html = page('unchanged');
    await cache.put(cache.key(html, 'a.html'), html, {
      html,
      problems: [],
      warnings: ['a warning'],
      state: {},
    });
    expect(await cache.get(cache.key(html, 'a.html'), html)).toEqual({
      html,
      problems: [],
      warnings: ['a warning'],
      lowered: 0,
    });
    // Kept without a second copy of the page.
    const [entry] = readdirSync(dir);
    expect(readFileSync(join(dir, entry!), 'utf8')).not.toContain('unchanged');
  });

  it('never keeps a page with problems: the next build runs it again and fails again', async () => {
    const cache = await PipelineCache.open(temporaryDirectory('pipeline-cache-'), context);
    const html = '<!doctype html><html><head><title>no policy</title></head><body></body></html>';
    const result = await cache.put(cache.key(html, 'index.html'), html, run(html, 'index.html'));
    expect(result.problems.length).toBeGreaterThan(0);
    expect(await cache.get(cache.key(html, 'index.html'), html)).toBeUndefined();
  });

  it('removes after a build the entries it did not use, not another build entry being written', async () => {
    const dir = temporaryDirectory('pipeline-cache-');
    const first = await PipelineCache.open(dir, context);
    for (const text of ['a', 'b'])
      await first.put(first.key(page(text), `${text}.html`), page(text), run(page(text), `${text}.html`));
    writeFileSync(join(dir, 'x.json.123.tmp'), '{}');
    const second = await PipelineCache.open(dir, context);
    expect(await second.get(second.key(page('a'), 'a.html'), page('a'))).toBeDefined();
    await second.prune();
    expect(readdirSync(dir)).toHaveLength(2); // a's entry and the .tmp file
    const third = await PipelineCache.open(dir, context);
    expect(await third.get(third.key(page('b'), 'b.html'), page('b'))).toBeUndefined();
    expect(await third.get(third.key(page('a'), 'a.html'), page('a'))).toBeDefined();
  });

  it('hashes each page once, whether its result is kept or made', async () => {
    const root = temporaryDirectory('pipeline-cache-');
    const out = join(root, 'dist');
    mkdirSync(out);
    const files = ['a', 'b', 'c'].map((text) => {
      writeFileSync(join(out, `${text}.html`), page(text));
      return join(out, `${text}.html`);
    });
    const options = { ...context, out, cacheDir: join(root, 'cache') };
    const key = vi.spyOn(PipelineCache.prototype, 'key');
    try {
      const cold = await finishPages(files, options);
      expect([cold.hits, key.mock.calls.length]).toEqual([0, 3]);
      key.mockClear();
      // The pages now hold the steps' output: a second run sees new text, so run it on copies of
      // the first texts to get hits.
      for (const text of ['a', 'b', 'c']) writeFileSync(join(out, `${text}.html`), page(text));
      const warm = await finishPages(files, options);
      expect([warm.hits, key.mock.calls.length]).toEqual([3, 3]);
    } finally {
      key.mockRestore();
    }
  });

  it('reads the version of a package that does not export its package.json', () => {
    expect(packageVersion('parse5')).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('CopiesCache (compressed copies)', () => {
  const stylesheet = Buffer.from(
    Array.from({ length: 200 }, (_, index) => `.m-${index}{margin:${index / 4}rem}`).join(''),
  );

  it('keeps the copies of a file under its bytes and whether it is a page', async () => {
    const dir = temporaryDirectory('copies-cache-');
    const cache = await CopiesCache.open(dir);
    const key = cache.key(stylesheet, '_astro/a.css');
    expect(await cache.get(key)).toBeUndefined();
    const copies = await compressedCopies(stylesheet, '_astro/a.css');
    await cache.put(key, copies);
    const again = await CopiesCache.open(dir);
    const kept = await again.get(key);
    expect(kept?.map((copy) => copy.extension)).toEqual(copies.map((copy) => copy.extension));
    for (const [index, copy] of (kept ?? []).entries()) {
      expect(readFileSync(copy.source).equals(copies[index]!.bytes)).toBe(true);
      expect(copy.size).toBe(copies[index]!.bytes.length);
    }
    expect(again.hits).toBe(1);
    expect(again.key(stylesheet, 'index.html')).not.toBe(key);
    expect(again.key(Buffer.concat([stylesheet, Buffer.from(' ')]), '_astro/a.css')).not.toBe(key);
  });

  it('reads an entry without its "done" mark as missing, and prunes what a build did not use', async () => {
    const dir = temporaryDirectory('copies-cache-');
    const cache = await CopiesCache.open(dir);
    const key = cache.key(stylesheet, 'a.css');
    writeFileSync(join(dir, `${key}.br`), 'half written');
    expect(await cache.get(key)).toBeUndefined();
    await cache.prune();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('is made only when PRECOMPRESS=1', () => {
    expect(precompressWanted({ PRECOMPRESS: '1' })).toBe(true);
    expect(precompressWanted({})).toBe(false);
    expect(precompressWanted({ PRECOMPRESS: '0' })).toBe(false);
  });
});
