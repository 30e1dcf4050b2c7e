// Reads the posts this browser's admin keeps in the post store, for the public pages: as cards to
// merge with the built list (mergeBrowserPosts) and one post by slug for its page. Loaded only when
// hasBrowserPosts() says the browser holds a store, so other visitors never download Dexie.
import type { CardPost } from '../blog/posts';
import { safePictureAddress } from '../text/url-check';
import { tagSlug } from '../slug';
import { isoDay, formatShortDate } from '../site/dates';
import { PUBLISHED, runDbOperation, type DbOperationOptions, type Post } from '../db';
import { readSeedRecord, type SeedRecord } from './seed';

export interface BrowserPosts {
  /** Published posts the admin created or changed here, as cards. */
  published: CardPost[];
  /** Slugs whose built version this browser does not show (the store's version, or none, wins). */
  knownSlugs: Set<string>;
}

export interface BrowserPostOptions extends DbOperationOptions {
  storage?: Storage | undefined;
}

/** A seeded post the admin has not changed: the built page and card (with responsive images) show it. */
function isUntouchedSeed(post: Post, record: SeedRecord): boolean {
  const seeded = record.posts[post.slug];
  return seeded !== undefined && seeded.id === post.id && seeded.updatedAt === post.updatedAt.getTime();
}

export function cardFromStoredPost(post: Post): CardPost {
  const card: CardPost = {
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt,
    tags: [...post.tags],
    tagSlugs: post.tags.map(tagSlug),
    author: post.author,
    publishedAt: post.publishedAt.getTime(),
    day: isoDay(post.publishedAt),
    dateLabel: formatShortDate(post.publishedAt),
    fromBrowser: true,
  };
  const image = safePictureAddress(post.featuredImage);
  if (image) card.image = { src: image };
  return card;
}

/** Undefined when the store cannot be read: the page then shows the built posts as they are. */
export async function readBrowserPosts(options: BrowserPostOptions = {}): Promise<BrowserPosts | undefined> {
  const { storage, ...dbOptions } = options;
  const result = await runDbOperation('read posts for the blog', (db) => db.posts.toArray(), dbOptions);
  if (!result.ok) return undefined;
  const record = readSeedRecord(storage); // undefined: localStorage
  const knownSlugs = new Set(Object.keys(record.posts));
  const published: CardPost[] = [];
  for (const post of result.value) {
    if (isUntouchedSeed(post, record)) {
      knownSlugs.delete(post.slug);
      continue;
    }
    knownSlugs.add(post.slug);
    if (post.isDraft === PUBLISHED) published.push(cardFromStoredPost(post));
  }
  return { published, knownSlugs };
}

export interface StoredPostMatch {
  post: Post;
  /** True when the admin created or changed it here (false: the built version, as seeded). */
  changedHere: boolean;
}

/** The published post with this slug in the store, if any. Drafts only with `drafts` (a preview). */
export async function findBrowserPost(
  slug: string,
  options: BrowserPostOptions & { drafts?: boolean } = {},
): Promise<StoredPostMatch | undefined> {
  const { storage, drafts = false, ...dbOptions } = options;
  const result = await runDbOperation(
    'find post by slug',
    (db) => db.posts.where('slug').equals(slug).first(),
    dbOptions,
  );
  const post = result.ok ? result.value : undefined;
  if (!post || (post.isDraft !== PUBLISHED && !drafts)) return undefined;
  const record = readSeedRecord(storage); // undefined: localStorage
  return { post, changedHere: !isUntouchedSeed(post, record) };
}

/**
 * What the admin did in this browser to a post the site publishes, when its built page no longer
 * matches the store: made it a draft, deleted it, or retitled it (a new slug, so a new address).
 * Undefined when the built page is still the store's version, or the store cannot be read.
 */
export type SiteCopyChange = { kind: 'draft' } | { kind: 'deleted' } | { kind: 'moved'; slug: string };

export async function siteCopyChange(
  slug: string,
  options: BrowserPostOptions = {},
): Promise<SiteCopyChange | undefined> {
  const { storage, ...dbOptions } = options;
  const seeded = readSeedRecord(storage).posts[slug]; // undefined: localStorage
  if (!seeded) return undefined;
  const result = await runDbOperation('look up a site post', (db) => db.posts.get(seeded.id), dbOptions);
  if (!result.ok) return undefined;
  const post = result.value;
  if (!post) return { kind: 'deleted' };
  if (post.isDraft !== PUBLISHED) return { kind: 'draft' };
  if (post.slug !== slug) return { kind: 'moved', slug: post.slug };
  return undefined;
}
