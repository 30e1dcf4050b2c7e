// The HTML pipeline's results kept between builds (src/integrations/html/pipeline.mjs), one file per
// page in Astro's cache folder (node_modules/.astro/html-pipeline/ by default, kept between the
// builds of `npm start` and `npm run update`). The key is the SHA-256 of everything the result
// depends on: the page's text and path, admin/config.yml and SITE_URL (the steps' context), and the
// source of the pipeline's modules with parse5's version, so a change of any step's code starts
// afresh. A page whose text is unchanged since an earlier build is then not parsed again: after one
// post changed, only the pages that show it are. Entries no build used are removed after each build.
// A step that comes to read anything else (another file, the clock, a variable) must add it to the key
// (PipelineCache.open's salt), or a rebuild would keep a result made without it.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The installed version of a package, found from its entry point (most packages do not export their
 * package.json), for the cache keys of the post-build steps.
 */
export function packageVersion(name, from = import.meta.url) {
  let dir = path.dirname(createRequire(from).resolve(name));
  for (;;) {
    try {
      const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
      if (manifest.name === name) return manifest.version;
    } catch {
      // No package.json here: one folder up.
    }
    const parent = path.dirname(dir);
    if (parent === dir) return 'unknown';
    dir = parent;
  }
}

/** The modules whose code decides a page's result (their source is part of every key). */
const SOURCES = [
  './pipeline.mjs',
  './page.mjs',
  './csp-steps.mjs',
  './script-priority-step.mjs',
  './critical-css.mjs',
  './after-largest-paint.mjs',
  './island-runtime.mjs',
  './pipeline-cache.mjs',
  '../security.mjs',
  '../../lib/config/cms-config.mjs',
  '../../lib/config/publish-target.mjs',
  '../../lib/page/island-runtime.mjs',
].map((file) => new URL(file, import.meta.url));

async function codeVersion() {
  const hash = createHash('sha256');
  for (const file of SOURCES) hash.update(await readFile(file));
  hash.update(`parse5@${packageVersion('parse5')}`);
  return hash.digest('hex');
}

/**
 * @typedef {{ html: string, problems: string[], warnings: string[], lowered: number }} PageResult
 */
export class PipelineCache {
  /**
   * @param {string} dir
   * @param {string} salt what every key shares: the code's version and the build's context
   */
  constructor(dir, salt) {
    this.dir = dir;
    this.salt = salt;
    this.hits = 0;
    /** @type {Set<string>} the entries this build read or wrote */
    this.used = new Set();
  }

  /** @param {string} dir @param {{ configText: string, siteUrl: string }} context */
  static async open(dir, { configText, siteUrl }) {
    await mkdir(dir, { recursive: true });
    const salt = createHash('sha256')
      .update(await codeVersion())
      .update('\0')
      .update(configText)
      .update('\0')
      .update(siteUrl)
      .digest('hex');
    return new PipelineCache(dir, salt);
  }

  key(html, file) {
    return createHash('sha256')
      .update(this.salt)
      .update('\0')
      .update(file)
      .update('\0')
      .update(html)
      .digest('hex');
  }

  /**
   * The result kept under `key` (from `key(html, file)`), or undefined. The caller hashes the page
   * once and passes the key to `get` and, on a miss, to `put`: hashing is about 2 % of a cold run.
   * @param {string} key @param {string} html @returns {Promise<PageResult | undefined>}
   */
  async get(key, html) {
    try {
      const kept = JSON.parse(await readFile(path.join(this.dir, `${key}.json`), 'utf8'));
      this.used.add(key);
      this.hits += 1;
      // An unchanged page is kept as `null`, not as a second copy of its text.
      return { ...kept, html: kept.html ?? html };
    } catch {
      return undefined;
    }
  }

  /**
   * Keeps a page's result (unless the build fails on it: a page with problems is run again) and
   * returns it.
   * @param {string} key the page's `key(html, file)` @param {string} html
   * @param {{ html: string, problems: string[], warnings: string[], state: Record<string, unknown> }} page
   * @returns {Promise<PageResult>}
   */
  async put(key, html, page) {
    const result = {
      html: page.html,
      problems: page.problems,
      warnings: page.warnings,
      lowered: Number(page.state.lowered ?? 0),
    };
    if (result.problems.length > 0) return result;
    const target = path.join(this.dir, `${key}.json`);
    // Written whole, then renamed: another build reading the folder never sees half an entry.
    const temporary = `${target}.${process.pid}.tmp`;
    try {
      await writeFile(
        temporary,
        JSON.stringify({ ...result, html: result.html === html ? null : result.html }),
      );
      await rename(temporary, target);
      this.used.add(key);
    } catch {
      // Only a cache: a page not kept is run again by the next build.
      await rm(temporary, { force: true });
    }
    return result;
  }

  /** Removes the entries this build did not use. */
  async prune() {
    for (const name of await readdir(this.dir)) {
      // A .tmp file is another build's entry being written: the build that writes it renames it.
      if (name.endsWith('.json') && !this.used.has(name.slice(0, -'.json'.length)))
        await rm(path.join(this.dir, name), { force: true });
    }
  }
}
