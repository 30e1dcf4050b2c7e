import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  COMPRESSIBLE,
  MAX_BYTES_FOR_BEST,
  MIN_BYTES,
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
