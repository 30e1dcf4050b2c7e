import { randomBytes } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  COMPRESSIBLE,
  FIRST_ROUND_TRIP,
  MAX_BYTES_FOR_BEST,
  MIN_BYTES,
  brotliQuality,
  compressedCopies,
} from '../../src/integrations/precompress.mjs';

// Text as the build writes it: repetitive markup and rules, which compress well.
const stylesheet = Buffer.from(
  Array.from({ length: 200 }, (_, index) => `.m-${index}{margin:${index / 4}rem}`).join(''),
);

describe('compressedCopies', () => {
  it('makes a brotli and a gzip copy that unpack to the very same bytes', async () => {
    const copies = await compressedCopies(stylesheet);
    expect(copies.map((copy) => copy.extension)).toEqual(['.br', '.gz']);
    const [br, gz] = copies;
    expect(brotliDecompressSync(br!.bytes).equals(stylesheet)).toBe(true);
    expect(gunzipSync(gz!.bytes).equals(stylesheet)).toBe(true);
    expect(br!.bytes.length).toBeLessThan(gz!.bytes.length);
    expect(gz!.bytes.length).toBeLessThan(stylesheet.length / 2);
  });

  it('still makes both copies of a file too large for the slowest setting', async () => {
    const bundle = Buffer.concat(
      Array.from({ length: Math.ceil((MAX_BYTES_FOR_BEST + 1) / stylesheet.length) }, () => stylesheet),
    );
    expect(bundle.length).toBeGreaterThan(MAX_BYTES_FOR_BEST);
    const [br, gz] = await compressedCopies(bundle);
    expect(brotliDecompressSync(br!.bytes).equals(bundle)).toBe(true);
    expect(gunzipSync(gz!.bytes).equals(bundle)).toBe(true);
  });

  it('uses the slowest setting for shared files, a quicker one for pages and very large files', () => {
    expect(brotliQuality('_astro/index.css', 40_000)).toBe(11);
    expect(brotliQuality('_astro/client.js', 200_000)).toBe(11);
    expect(brotliQuality('blog/a-post/index.html', 40_000)).toBe(8);
    expect(brotliQuality('blog/manifest.json', MAX_BYTES_FOR_BEST + 1)).toBe(8);
  });

  it('gives a page that just misses the first round trip the slowest setting, when that makes it fit', async () => {
    // A list of made-up words (a seeded generator): it compresses to a little more than the first
    // round trip at setting 8, and inside it at 11.
    let state = 7;
    const random = () => {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = Math.imul(state ^ (state >>> 15), state | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const word = () =>
      Array.from({ length: 3 + Math.floor(random() * 6) }, () =>
        String.fromCharCode(97 + Math.floor(random() * 26)),
      ).join('');
    const words = Array.from({ length: 2950 }, () => `<li class="card">${word()}</li>`);
    const page = Buffer.from(`<!doctype html><ul>${words.join('')}</ul>`);
    const quick = brotliCompressSync(page, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 8,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: page.length,
      },
    }).length;
    expect(quick).toBeGreaterThan(FIRST_ROUND_TRIP);
    expect(quick).toBeLessThan(FIRST_ROUND_TRIP * 1.15);
    const [asPage] = await compressedCopies(page, 'index.html');
    expect(brotliDecompressSync(asPage!.bytes).equals(page)).toBe(true);
    expect(asPage!.bytes.length).toBeLessThan(FIRST_ROUND_TRIP);
    // A small page keeps the quick setting's copy.
    const small = Buffer.from(`<!doctype html><ul>${words.slice(0, 500).join('')}</ul>`);
    const [smallCopy] = await compressedCopies(small, 'index.html');
    expect(smallCopy!.bytes.length).toBe(
      brotliCompressSync(small, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 8,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: small.length,
        },
      }).length,
    );
  });

  it('leaves files under the threshold alone', async () => {
    expect(await compressedCopies(stylesheet.subarray(0, MIN_BYTES - 1))).toEqual([]);
  });

  it('makes no copy that would be larger than the file', async () => {
    // Random bytes do not compress: a copy would only add a decompression.
    expect(await compressedCopies(randomBytes(4096))).toEqual([]);
  });
});

describe('COMPRESSIBLE', () => {
  it('takes the text formats the build writes and leaves pictures, fonts and host rules alone', () => {
    for (const name of [
      'index.html',
      'a.Bc12.css',
      'a.Bc12.js',
      'manifest.webmanifest',
      'favicon.svg',
      'rss.xml',
      'robots.txt',
    ])
      expect(COMPRESSIBLE.test(name), name).toBe(true);
    for (const name of ['hero.webp', 'icon-192.png', 'font.woff2', '_headers', '_redirects', 'index.html.br'])
      expect(COMPRESSIBLE.test(name), name).toBe(false);
  });
});
