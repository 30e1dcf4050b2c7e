// Seeds this browser's post store (SPEC 3 and 7) with the posts the build published, and keeps it in
// step with later deploys without undoing what the admin did in this browser.
//
// The build writes /blog/manifest.json: every published post, with sanitised content, the file it
// comes from and a revision per post. `ensureSeeded()` reads it and, in one database transaction:
// - adds posts this browser has never seen;
// - refreshes a seeded post the admin has not changed since (its updatedAt is still the seeded one)
//   when the deploy changed it, and removes one the deploy removed;
// - never touches a post the admin changed, and never brings back one the admin deleted;
// - leaves a slug the admin's own post already uses to that post (the browser's version wins).
// What was seeded (slug -> id, revision, updatedAt) is remembered in localStorage, beside the flag
// that tells public pages this browser holds posts (browser-posts-flag.ts).
import { markBrowserPosts } from './browser-posts-flag';
import { runDbOperation, toStoredPost, type DbOperationOptions, type Post } from '../db';

export const MANIFEST_URL = '/blog/manifest.json';
export const MANIFEST_VERSION = 1;
export const SEED_RECORD_KEY = 'blog-seeded-posts';

/** One post of the manifest. Dates are ISO strings; content is HTML already sanitised at build. */
export interface ManifestPost {
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  tags: string[];
  author: string;
  publishedAt: string;
  updatedAt: string;
  /** A site path to a WebP copy of the featured image. */
  featuredImage?: string;
  isDraft: boolean;
  /** Where the post comes from in the repository, so its export replaces that file (markdown.ts). */
  source?: PostSource;
  /** Changes whenever anything above changes. */
  revision: string;
}

/** A post's file in content/posts and its featured image as written there. */
export interface PostSource {
  /** 'visual-schedules-a-practical-guide.md' */
  file: string;
  /** './images/visual-schedules.svg' */
  featuredImage?: string;
  featuredImageAlt?: string;
  /** SHA-256 of the file's text at build: a publish from the admin refuses if the repository's differs. */
  sha256?: string;
  /**
   * The pictures in the post's text that come from the repository: the site path of the copy the
   * built page shows ('/_astro/schedule.Ab12Cd.webp', the <img> src) to the address the Markdown
   * writes ('./images/schedule.svg'), so an export or a publish writes the repository's file again.
   */
  pictures?: Record<string, string>;
}

export interface PostManifest {
  version: typeof MANIFEST_VERSION;
  /** Changes whenever any post changes; an unchanged manifest is skipped without opening the database. */
  revision: string;
  posts: ManifestPost[];
}

interface SeededPost {
  id: number;
  revision: string;
  /** updatedAt (ms) as seeded; -1 for an admin's post that already held the slug (never overwritten). */
  updatedAt: number;
}

export interface SeedRecord {
  revision: string;
  posts: Record<string, SeededPost>;
}

export interface SeedOptions extends DbOperationOptions {
  /** Where the seed record lives; localStorage by default. */
  storage?: Storage | undefined;
}

export type SeedResult =
  { ok: true; added: number; refreshed: number; removed: number; unchanged: boolean } | { ok: false };

const EMPTY_RECORD: SeedRecord = { revision: '', posts: {} };

function defaultStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

const isSeededPost = (value: unknown): value is SeededPost =>
  typeof value === 'object' &&
  value !== null &&
  Number.isInteger((value as SeededPost).id) &&
  typeof (value as SeededPost).revision === 'string' &&
  typeof (value as SeededPost).updatedAt === 'number';

/** The remembered seed record; an unreadable or damaged one reads as empty. */
export function readSeedRecord(storage: Storage | undefined = defaultStorage()): SeedRecord {
  try {
    const raw = storage?.getItem(SEED_RECORD_KEY);
    if (!raw) return EMPTY_RECORD;
    const parsed = JSON.parse(raw) as Partial<SeedRecord>;
    const posts = Object.fromEntries(
      Object.entries(parsed.posts ?? {}).filter(([slug, value]) => slug && isSeededPost(value)),
    );
    return { revision: typeof parsed.revision === 'string' ? parsed.revision : '', posts };
  } catch {
    return EMPTY_RECORD;
  }
}

function writeSeedRecord(storage: Storage | undefined, record: SeedRecord): void {
  try {
    storage?.setItem(SEED_RECORD_KEY, JSON.stringify(record));
  } catch (error) {
    console.error('[blog] Could not remember the seeded posts:', error);
  }
}

/** Slugs of every built post this browser has seeded, including ones the admin since deleted or renamed. */
export function seededSlugs(storage: Storage | undefined = defaultStorage()): Set<string> {
  return new Set(Object.keys(readSeedRecord(storage).posts));
}

function toRecord(post: ManifestPost): Omit<Post, 'id'> {
  return toStoredPost({
    ...post,
    tags: [...post.tags],
    publishedAt: new Date(post.publishedAt),
    updatedAt: new Date(post.updatedAt),
  });
}

const sameAsManifest = (stored: Post, post: ManifestPost) =>
  stored.title === post.title &&
  stored.content === post.content &&
  stored.updatedAt.getTime() === Date.parse(post.updatedAt);

/** Brings the store in step with `manifest` (see the top of this file). Never throws. */
export async function seedPosts(manifest: PostManifest, options: SeedOptions = {}): Promise<SeedResult> {
  const { storage = defaultStorage(), ...dbOptions } = options;
  const previous = readSeedRecord(storage);
  if (previous.revision && previous.revision === manifest.revision) {
    markBrowserPosts();
    return { ok: true, added: 0, refreshed: 0, removed: 0, unchanged: true };
  }

  const result = await runDbOperation(
    'seed posts',
    (db) =>
      db.transaction('rw', db.posts, async () => {
        const seeded: Record<string, SeededPost> = { ...previous.posts };
        const counts = { added: 0, refreshed: 0, removed: 0 };
        const inManifest = new Set(manifest.posts.map((post) => post.slug));

        // Posts the deploy removed or renamed go, unless the admin changed them here.
        for (const [slug, known] of Object.entries(previous.posts)) {
          if (inManifest.has(slug)) continue;
          const stored = await db.posts.get(known.id);
          // A post the admin removed from the website stays in this browser: they chose to keep it here.
          if (stored?.publication?.state === 'removed') {
            delete seeded[slug];
            continue;
          }
          if (stored && stored.updatedAt.getTime() === known.updatedAt) {
            await db.posts.delete(known.id);
            counts.removed += 1;
          }
          if (!stored || stored.updatedAt.getTime() === known.updatedAt) delete seeded[slug];
        }

        for (const post of manifest.posts) {
          const known = previous.posts[post.slug];
          if (known) {
            const stored = await db.posts.get(known.id);
            // Deleted or changed by the admin: theirs to keep. Unchanged on both sides: nothing to do.
            if (
              !stored ||
              stored.updatedAt.getTime() !== known.updatedAt ||
              known.revision === post.revision
            ) {
              continue;
            }
            const next = { ...toRecord(post), id: known.id } as Post;
            await db.posts.put(next);
            seeded[post.slug] = {
              id: known.id,
              revision: post.revision,
              updatedAt: next.updatedAt.getTime(),
            };
            counts.refreshed += 1;
            continue;
          }
          const holder = await db.posts.where('slug').equals(post.slug).first();
          if (holder) {
            // Another tab seeded it a moment ago, or the admin's own post has this slug.
            const untouched = sameAsManifest(holder, post);
            seeded[post.slug] = {
              id: holder.id,
              revision: post.revision,
              updatedAt: untouched ? holder.updatedAt.getTime() : -1,
            };
            continue;
          }
          const record = toRecord(post);
          const id = await db.posts.add(record as Post);
          seeded[post.slug] = { id, revision: post.revision, updatedAt: record.updatedAt.getTime() };
          counts.added += 1;
        }
        return { seeded, counts };
      }),
    dbOptions,
  );
  if (!result.ok) return { ok: false };
  writeSeedRecord(storage, { revision: manifest.revision, posts: result.value.seeded });
  markBrowserPosts();
  return { ok: true, ...result.value.counts, unchanged: false };
}

/** Checks the manifest's shape, so a stale or foreign file is refused rather than half-seeded. */
export function parseManifest(value: unknown): PostManifest {
  const manifest = value as Partial<PostManifest> | null;
  if (
    !manifest ||
    manifest.version !== MANIFEST_VERSION ||
    typeof manifest.revision !== 'string' ||
    !Array.isArray(manifest.posts)
  ) {
    throw new Error('Not a post manifest of version 1');
  }
  for (const post of manifest.posts) {
    const ok =
      typeof post?.slug === 'string' &&
      post.slug !== '' &&
      typeof post.title === 'string' &&
      typeof post.excerpt === 'string' &&
      typeof post.content === 'string' &&
      Array.isArray(post.tags) &&
      typeof post.author === 'string' &&
      !Number.isNaN(Date.parse(post.publishedAt)) &&
      !Number.isNaN(Date.parse(post.updatedAt)) &&
      typeof post.isDraft === 'boolean' &&
      typeof post.revision === 'string';
    if (!ok) throw new Error(`Manifest post ${JSON.stringify(post?.slug)} is incomplete`);
  }
  return manifest as PostManifest;
}

export interface SeederOptions extends SeedOptions {
  fetch?: typeof fetch;
  manifestUrl?: string;
}

/** A seeder on its own database, storage and fetch (tests); the app uses `ensureSeeded`. */
export function createSeeder(options: SeederOptions = {}) {
  const { fetch: fetchFn, manifestUrl = MANIFEST_URL, ...seedOptions } = options;
  let seeding: Promise<void> | undefined;

  async function seedFromBuild(): Promise<boolean> {
    try {
      const response = await (fetchFn ?? fetch)(manifestUrl, {
        headers: { Accept: 'application/json' },
        cache: 'no-cache',
      });
      if (!response.ok) throw new Error(`${manifestUrl} answered ${response.status}`);
      const manifest = parseManifest(await response.json());
      return (await seedPosts(manifest, seedOptions)).ok;
    } catch (error) {
      console.error('[blog] Could not seed the post store:', error);
      return false;
    }
  }

  return {
    /** Idempotent: once it has succeeded on a page, later calls return at once. Never throws. */
    ensureSeeded(): Promise<void> {
      seeding ??= seedFromBuild().then((ok) => {
        if (!ok) seeding = undefined; // a later call tries again
      });
      return seeding;
    },
  };
}

const sharedSeeder = createSeeder();

/**
 * Seeds this browser's post store with the built posts on first use, and adds a later deploy's new
 * posts without overwriting the admin's changes. Call it (and await it) before listing posts in the
 * admin. Safe to call any number of times; never throws (a failure is logged and retried on the
 * next call, and the store keeps working with what it has).
 */
export function ensureSeeded(): Promise<void> {
  return sharedSeeder.ensureSeeded();
}
