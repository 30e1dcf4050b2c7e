// Compressed copies of the built text files (page.html.br, page.html.gz beside page.html), made once
// at build with the slowest, smallest settings. `npm start` serves them (server/static-files.mjs)
// and nginx can (gzip_static, brotli_static): compressing on each request has to use quick settings,
// and on a slow phone connection the stylesheet's extra kilobyte costs a round trip.
// Static hosts that compress on their own (Netlify, Cloudflare Pages) ignore the copies, so only a
// build with PRECOMPRESS=1 makes them: `npm start` and `npm run update` set it (server/releases.mjs),
// as does the test build; for nginx, `PRECOMPRESS=1 npm run build` (docs/deployment.md). At 1,000
// posts they took a sixth of the build (docs/performance.md). The copies are kept in Astro's cache
// folder (node_modules/.astro/precompress/), keyed by the file's bytes: a rebuild compresses only the
// files that changed.
import { createHash } from 'node:crypto';
import { copyFile, link, mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { builtFiles } from './built-files.mjs';
import { FIRST_ROUND_TRIP_BYTES, HEADERS_ROOM } from './first-round-trip.mjs';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats worth compressing; images and fonts are compressed already. */
export const COMPRESSIBLE = /\.(html|css|js|mjs|json|webmanifest|svg|xml|txt)$/;

/** Below this a copy saves less than its headers cost (the `compression` package's threshold too). */
export const MIN_BYTES = 1024;

/**
 * Past this size (the admin's editor, the CMS) brotli's slowest setting takes seconds per file for a
 * few per cent, so those get a quicker one, still far smaller than the quick setting a server
 * compresses with on each request (the `compression` package uses 4).
 */
export const MAX_BYTES_FOR_BEST = 512 * 1024;

/** A page's compressed HTML that fits here fits the first round trip with its headers. */
export const FIRST_ROUND_TRIP = FIRST_ROUND_TRIP_BYTES - HEADERS_ROOM;

/**
 * Brotli's quality for a file: the slowest setting (11) for the stylesheet and scripts that every
 * page shares; 8 for files over MAX_BYTES_FOR_BEST (9 took 14 times as long for copies 0.2 % smaller).
 * Pages, whose number grows with the posts, start at 8: on 1,000 posts setting 11 took 43 of the
 * build's 86 s (`npm run bench`), setting 8 a fifteenth of that for copies about 11 % larger.
 */
export function brotliQuality(name, size) {
  if (size > MAX_BYTES_FOR_BEST) return 8;
  return name.endsWith('.html') ? 8 : zlib.constants.BROTLI_MAX_QUALITY;
}

const brotliCopy = (bytes, quality) =>
  brotli(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });

/**
 * The brotli copy: at brotliQuality, and for a page whose copy just misses the first round trip, at
 * the slowest setting, which may bring it inside (the home page: 12.9 KB at 8, 11.6 KB at 11).
 */
async function brotliCopyOf(bytes, name) {
  const quality = brotliQuality(name, bytes.length);
  const copy = await brotliCopy(bytes, quality);
  const mayFit = copy.length > FIRST_ROUND_TRIP && copy.length < FIRST_ROUND_TRIP * 1.15;
  if (quality === zlib.constants.BROTLI_MAX_QUALITY || !name.endsWith('.html') || !mayFit) return copy;
  return brotliCopy(bytes, zlib.constants.BROTLI_MAX_QUALITY);
}

/** The brotli and gzip (level 9) copies of a file named `name`, or none where it is too small. */
export async function compressedCopies(bytes, name = '') {
  if (bytes.length < MIN_BYTES) return [];
  const copies = [
    { extension: '.br', bytes: await brotliCopyOf(bytes, name) },
    { extension: '.gz', bytes: await gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }) },
  ];
  // A copy that is not smaller would only cost the visitor a decompression.
  return copies.filter((copy) => copy.bytes.length < bytes.length);
}

/** Whether this build makes the compressed copies: PRECOMPRESS=1 (see the top of this file). */
export const precompressWanted = (env = process.env) => env.PRECOMPRESS?.trim() === '1';

/**
 * Compressed copies kept between builds, keyed by the SHA-256 of this module's code, whether the file
 * is a page (its brotli setting depends on it) and its bytes. For each key: `<key>.br` and `<key>.gz`
 * where that copy is worth having, then `<key>.done`, written last, saying the entry is whole.
 */
export class CopiesCache {
  constructor(dir, version) {
    this.dir = dir;
    this.version = version;
    this.hits = 0;
    this.used = new Set();
  }

  static async open(dir) {
    await mkdir(dir, { recursive: true });
    const version = createHash('sha256')
      .update(await readFile(new URL(import.meta.url)))
      .digest('hex');
    return new CopiesCache(dir, version);
  }

  key(bytes, name) {
    return createHash('sha256')
      .update(this.version)
      .update(name.endsWith('.html') ? 'page' : 'file')
      .update(bytes)
      .digest('hex');
  }

  /**
   * The copies kept for these bytes, as their files in the cache and sizes, or undefined.
   * @returns {Promise<{ extension: string, source: string, size: number }[] | undefined>}
   */
  async get(key) {
    const at = (suffix) => path.join(this.dir, key + suffix);
    try {
      await stat(at('.done'));
      const copies = [];
      for (const extension of ['.br', '.gz']) {
        const found = await stat(at(extension)).catch(() => undefined);
        if (found) copies.push({ extension, source: at(extension), size: found.size });
      }
      this.used.add(key);
      this.hits += 1;
      return copies;
    } catch {
      return undefined;
    }
  }

  async put(key, copies) {
    const at = (suffix) => path.join(this.dir, key + suffix);
    try {
      for (const copy of copies) {
        const temporary = `${at(copy.extension)}.${process.pid}.tmp`;
        await writeFile(temporary, copy.bytes);
        await rename(temporary, at(copy.extension));
      }
      await writeFile(at('.done'), '');
      this.used.add(key);
    } catch {
      // Only a cache: the next build compresses this file again.
    }
  }

  /** Removes the entries this build did not use (not another build's .tmp files being written). */
  async prune() {
    for (const name of await readdir(this.dir)) {
      const match = /^([0-9a-f]{64})\.(?:br|gz|done)$/.exec(name);
      if (match && !this.used.has(match[1])) await rm(path.join(this.dir, name), { force: true });
    }
  }
}

export function precompress({ enabled = precompressWanted() } = {}) {
  let cacheDir = '';
  return {
    name: 'precompress',
    hooks: {
      'astro:config:done': ({ config }) => {
        cacheDir = path.join(fileURLToPath(config.cacheDir), 'precompress');
      },
      // Registered last: every other integration has finished rewriting the pages by now.
      'astro:build:done': async ({ dir, logger }) => {
        if (!enabled) {
          logger.info('No compressed copies (PRECOMPRESS=1 makes them; `npm start` sets it)');
          return;
        }
        const out = fileURLToPath(dir);
        const started = performance.now();
        const cache = await CopiesCache.open(cacheDir);
        const queue = await builtFiles(out, COMPRESSIBLE);
        let files = 0;
        let before = 0;
        let after = 0;
        // zlib works on libuv's thread pool: two files per core keep every core compressing while
        // the others are read and written (one per core left a core idle a fifth of the time).
        const worker = async () => {
          for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
            const bytes = await readFile(file);
            if (bytes.length < MIN_BYTES) continue;
            const key = cache.key(bytes, file);
            let copies = await cache.get(key);
            if (copies) {
              // A second name for the kept file, not a second copy of it (nothing writes either in
              // place: the cache renames new files over old ones); a copy where a link cannot be made.
              for (const copy of copies)
                await link(copy.source, file + copy.extension).catch(() =>
                  copyFile(copy.source, file + copy.extension),
                );
            } else {
              const made = await compressedCopies(bytes, file);
              await cache.put(key, made);
              for (const copy of made) await writeFile(file + copy.extension, copy.bytes);
              copies = made.map((copy) => ({ extension: copy.extension, size: copy.bytes.length }));
            }
            const br = copies.find((copy) => copy.extension === '.br');
            if (!br) continue;
            files += 1;
            before += bytes.length;
            after += br.size;
          }
        };
        await Promise.all(Array.from({ length: 2 * availableParallelism() }, worker));
        await cache.prune();
        logger.info(
          `Compressed copies of ${files} files in ${((performance.now() - started) / 1000).toFixed(1)} s ` +
            `(brotli: ${(before / 1024).toFixed(0)} KB -> ${(after / 1024).toFixed(0)} KB; ` +
            `${cache.hits} unchanged since an earlier build, from the cache)`,
        );
      },
    },
  };
}
