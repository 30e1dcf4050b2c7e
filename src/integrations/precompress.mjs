// Compressed copies of the built text files (page.html.br, page.html.gz beside page.html), made once
// at build with the slowest, smallest settings. `npm start` serves them (sirv's brotli and gzip
// options) and nginx can (gzip_static, brotli_static): compressing on each request has to use quick
// settings, and on a slow phone connection the stylesheet's extra kilobyte costs a round trip.
// Static hosts that compress on their own (Netlify, Cloudflare Pages) ignore the copies.
import { readFile, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { builtFiles } from './built-files.mjs';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats worth compressing; images and fonts are compressed already. */
export const COMPRESSIBLE = /\.(html|css|js|mjs|json|webmanifest|svg|xml|txt)$/;

/** Below this a copy saves less than its headers cost (the `compression` package's threshold too). */
export const MIN_BYTES = 1024;

/**
 * Brotli's slowest setting (11) for what pages load: past this size (the admin's editor, the CMS) it
 * takes seconds per file for a few per cent, so those get 9, which is still far smaller than the
 * quick setting a server compresses with on each request (the `compression` package uses 4).
 */
export const MAX_BYTES_FOR_BEST = 512 * 1024;

/** The brotli and gzip (level 9) copies of a file, or none where it is too small. */
export async function compressedCopies(bytes) {
  if (bytes.length < MIN_BYTES) return [];
  const quality = bytes.length <= MAX_BYTES_FOR_BEST ? zlib.constants.BROTLI_MAX_QUALITY : 9;
  const copies = [
    {
      extension: '.br',
      bytes: await brotli(bytes, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
    },
    { extension: '.gz', bytes: await gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }) },
  ];
  // A copy that is not smaller would only cost the visitor a decompression.
  return copies.filter((copy) => copy.bytes.length < bytes.length);
}

export function precompress() {
  return {
    name: 'precompress',
    hooks: {
      // Registered last: every other integration has finished rewriting the pages by now.
      'astro:build:done': async ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        const started = performance.now();
        const queue = await builtFiles(out, COMPRESSIBLE);
        let files = 0;
        let before = 0;
        let after = 0;
        // zlib works on libuv's thread pool: a few files at once use every core.
        const worker = async () => {
          for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
            const bytes = await readFile(file);
            const copies = await compressedCopies(bytes);
            for (const copy of copies) await writeFile(file + copy.extension, copy.bytes);
            const br = copies.find((copy) => copy.extension === '.br');
            if (!br) continue;
            files += 1;
            before += bytes.length;
            after += br.bytes.length;
          }
        };
        await Promise.all(Array.from({ length: availableParallelism() }, worker));
        logger.info(
          `Compressed copies of ${files} files in ${((performance.now() - started) / 1000).toFixed(1)} s ` +
            `(brotli: ${(before / 1024).toFixed(0)} KB -> ${(after / 1024).toFixed(0)} KB)`,
        );
      },
    },
  };
}
