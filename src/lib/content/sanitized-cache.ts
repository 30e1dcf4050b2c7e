// The sanitiser's results for the posts, kept between builds (build time only). DOMPurify on jsdom
// is the slowest part of loading the posts (about 5-10 ms a post: jsdom parses and walks each one),
// and a post's sanitised HTML depends only on its HTML and on the sanitiser's code. So each result
// is keyed by the SHA-256 of the HTML and of that code (src/lib/text/sanitize.ts and
// url-check.ts as written, with the versions of DOMPurify, jsdom and isomorphic-dompurify): a
// change of any of them sanitises every post again, without anyone clearing a cache. Every post is
// still sanitised by the same function; a rebuild after one post changed runs it on that post only.
// One file in Astro's cache folder (node_modules/.astro/, as the post-build steps' caches,
// decision 0026), holding the entries this build used: written whole and renamed, so another build
// never reads half of it; a file that cannot be read or written is a miss, never an error.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import sanitizeSource from '../text/sanitize.ts?raw';
import urlCheckSource from '../text/url-check.ts?raw';
import { sanitizeHtml } from '../text/sanitize';

/** The installed version of a package of the project (found from its entry point), or 'unknown'. */
function packageVersion(name: string): string {
  try {
    let dir = path.dirname(createRequire(path.join(process.cwd(), 'package.json')).resolve(name));
    for (;;) {
      try {
        const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
          name?: string;
          version?: string;
        };
        if (manifest.name === name) return manifest.version ?? 'unknown';
      } catch {
        // No package.json here: one folder up.
      }
      const parent = path.dirname(dir);
      if (parent === dir) return 'unknown';
      dir = parent;
    }
  } catch {
    return 'unknown';
  }
}

/** What every key shares: the sanitiser's code and the versions of the packages it runs on. */
export function sanitizerVersion(): string {
  const hash = createHash('sha256').update(sanitizeSource).update('\0').update(urlCheckSource);
  for (const name of ['dompurify', 'jsdom', 'isomorphic-dompurify'])
    hash.update(`\0${name}@${packageVersion(name)}`);
  return hash.digest('hex');
}

export const SANITIZED_CACHE_FILE = path.join(process.cwd(), 'node_modules/.astro/sanitized-posts.json');

export class SanitizedCache {
  private readonly used = new Map<string, string>();
  hits = 0;

  constructor(
    private readonly file: string,
    private readonly salt: string,
    private readonly kept: Map<string, string>,
    private readonly sanitize: (dirty: string) => string,
  ) {}

  /** The cache in `file` (a missing or unreadable file is an empty cache). */
  static async open(
    file: string = SANITIZED_CACHE_FILE,
    {
      salt = sanitizerVersion(),
      sanitize = sanitizeHtml,
    }: { salt?: string; sanitize?: (dirty: string) => string } = {},
  ): Promise<SanitizedCache> {
    let kept = new Map<string, string>();
    try {
      const read: unknown = JSON.parse(await readFile(file, 'utf8'));
      if (read !== null && typeof read === 'object' && (read as { salt?: unknown }).salt === salt) {
        const entries = (read as { entries?: unknown }).entries;
        if (entries !== null && typeof entries === 'object')
          kept = new Map(
            Object.entries(entries as Record<string, unknown>).filter(
              (entry): entry is [string, string] => typeof entry[1] === 'string',
            ),
          );
      }
    } catch {
      // No cache yet, or one that cannot be read: every post is sanitised.
    }
    return new SanitizedCache(file, salt, kept, sanitize);
  }

  /** The sanitised HTML of `dirty`: kept from an earlier build, or sanitised now. */
  html(dirty: string): string {
    const key = createHash('sha256').update(this.salt).update('\0').update(dirty).digest('hex');
    const kept = this.used.get(key) ?? this.kept.get(key);
    if (kept !== undefined) {
      this.hits += 1;
      this.used.set(key, kept);
      return kept;
    }
    const clean = this.sanitize(dirty);
    this.used.set(key, clean);
    return clean;
  }

  /** Writes the entries this build used (the others are dropped). */
  async save(): Promise<void> {
    const temporary = `${this.file}.${process.pid}.tmp`;
    try {
      await mkdir(path.dirname(this.file), { recursive: true });
      await writeFile(temporary, JSON.stringify({ salt: this.salt, entries: Object.fromEntries(this.used) }));
      await rename(temporary, this.file);
    } catch {
      // Only a cache: the next build sanitises every post again.
      await rm(temporary, { force: true });
    }
  }
}
