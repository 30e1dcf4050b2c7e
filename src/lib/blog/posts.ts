// The blog's list rules, shared by the build (pages, feed, manifest) and the browser (search island,
// posts stored by the admin in this browser). Plain functions on plain data, so they are unit-tested
// without Astro or a DOM.
import { isPublicAt } from '../site/publish-time.mjs';
import { countText } from '../text/plural';

/**
 * Cards per page of /blog and of each tag's page; the rest are on /blog/page/2 and on, and
 * /blog/tags/{tag}/page/2 and on (search stays over all posts).
 */
export const BLOG_PAGE_SIZE = 12;
/** Posts in the home page's Latest Insights block (SPEC 9). */
export const LATEST_POSTS_COUNT = 3;
/**
 * Posts in /rss.xml, each with its whole text: readers fetch the feed again every hour or so, and
 * only the newest are news. All of them made a feed of megabytes at 1,000 posts.
 */
export const FEED_POSTS_COUNT = 20;
/** Placeholder cards while posts load (SPEC 9). */
export const SKELETON_CARD_COUNT = 6;
/** The card list the build publishes for the search island and for browser-stored posts. */
export const POST_INDEX_URL = '/blog/posts.json';

/** A prepared featured image: WebP files from astro:assets, or a URL saved with a browser post. */
export interface CardImage {
  src: string;
  srcset?: string;
  width?: number;
  height?: number;
}

/** What a post card shows, and all the search and tag filter need. */
export interface CardPost {
  slug: string;
  title: string;
  excerpt: string;
  tags: string[];
  /** tagSlug() of each tag, in the same order (made where the card is made). */
  tagSlugs: string[];
  author: string;
  /** Milliseconds since 1970, for ordering. */
  publishedAt: number;
  /** '2025-01-05': the calendar day in the practice's zone, for <time datetime>. */
  day: string;
  /** 'Jan 5, 2025' */
  dateLabel: string;
  image?: CardImage;
  /** Set on a post that exists only in, or was changed in, this browser's post store. */
  fromBrowser?: boolean;
}

export interface PostIndex {
  posts: CardPost[];
}

export const postHref = (slug: string): string => `/blog/${slug}`;

/** The admin's preview of a post, drafts included (only in the browser that keeps it). */
export const PREVIEW_PARAMETER = 'preview';
export const previewHref = (slug: string): string => `${postHref(slug)}?${PREVIEW_PARAMETER}`;

/**
 * A tag's page from its slug (tagHref in ./slugs makes it from the tag's label): its first page, or
 * `/blog/tags/{slug}/page/2` after it.
 */
export const tagPageHref = (tagSlug: string, page = 1): string =>
  page <= 1 ? `/blog/tags/${tagSlug}` : `/blog/tags/${tagSlug}/page/${page}`;

/** '1 post', '3 posts': how the tag pages, the tag list and the search count posts. */
export const postCountText = (count: number): string => countText(count, 'post');

/** Rendered width of a post's featured picture; the post page preloads it with the same sizes. */
export const ARTICLE_IMAGE_SIZES = '(min-width: 896px) 848px, 92vw';

/**
 * Pictures in a post's text: the text column (PostArticle's max-w-3xl less its padding, 720px; its
 * 70ch limit is wider at 18px) on wide screens, the page width less its padding on phones.
 * tests/e2e/blog.spec.ts checks the copy the browser picks is sharp on both.
 */
export const POST_TEXT_PICTURE_SIZES = '(min-width: 768px) 720px, calc(100vw - 2rem)';

/** '/blog' for the first page, '/blog/page/2' after it. */
export const blogPageHref = (page: number): string => (page <= 1 ? '/blog' : `/blog/page/${page}`);

const time = (date: number | Date) => (typeof date === 'number' ? date : date.getTime());

/** Newest first; posts of the same moment keep a stable order by title. */
export function newestFirst<T extends { publishedAt: number | Date; title: string }>(
  posts: readonly T[],
): T[] {
  return [...posts].sort(
    (a, b) => time(b.publishedAt) - time(a.publishedAt) || a.title.localeCompare(b.title, 'en'),
  );
}

/**
 * The posts public at `now`: not drafts, and their time has come (isPublicAt,
 * src/lib/site/publish-time.mjs). A post scheduled later is in no public place until then.
 */
export function publicAt<T extends { isDraft: boolean; publishedAt: number | Date }>(
  posts: readonly T[],
  now: number | Date,
): T[] {
  return posts.filter((post) => isPublicAt(post, now));
}

export interface TagGroup {
  slug: string;
  /** The spelling most posts use (the first seen on a tie). */
  label: string;
  count: number;
}

/** A tag as the blog search offers it to choose: no count, which it never shows. */
export type TagChoice = Pick<TagGroup, 'slug' | 'label'>;

/** Every tag once, by its slug, alphabetically. */
export function collectTags(
  posts: readonly { tags: readonly string[]; tagSlugs: readonly string[] }[],
): TagGroup[] {
  const groups = new Map<string, { count: number; spellings: Map<string, number> }>();
  for (const post of posts) {
    const seen = new Set<string>();
    post.tags.forEach((tag, index) => {
      const slug = post.tagSlugs[index];
      if (slug === undefined || seen.has(slug)) return;
      seen.add(slug);
      const group = groups.get(slug) ?? { count: 0, spellings: new Map<string, number>() };
      group.count += 1;
      group.spellings.set(tag, (group.spellings.get(tag) ?? 0) + 1);
      groups.set(slug, group);
    });
  }
  return [...groups]
    .map(([slug, group]) => {
      let label = '';
      let best = 0;
      for (const [spelling, count] of group.spellings) {
        if (count > best) [label, best] = [spelling, count];
      }
      return { slug, label, count: group.count };
    })
    .sort((a, b) => a.label.localeCompare(b.label, 'en', { sensitivity: 'base' }));
}

export function postsWithTag<T extends { tagSlugs: readonly string[] }>(
  posts: readonly T[],
  slug: string,
): T[] {
  return posts.filter((post) => post.tagSlugs.includes(slug));
}

/** Splits a list into pages; an empty list is one empty page (the 'No posts yet' page). */
export function paginate<T>(items: readonly T[], pageSize = BLOG_PAGE_SIZE): T[][] {
  if (items.length === 0) return [[]];
  const pages: T[][] = [];
  for (let start = 0; start < items.length; start += pageSize)
    pages.push(items.slice(start, start + pageSize));
  return pages;
}

/** One page of one tag's posts: what /blog/tags/{tag} and /blog/tags/{tag}/page/{n} show. */
export interface TagListPage<T> {
  tag: TagGroup;
  /** 1 for /blog/tags/{tag}. */
  page: number;
  pageCount: number;
  posts: T[];
}

/** Every page of every tag, BLOG_PAGE_SIZE cards each, newest first as `posts` are given. */
export function tagListPages<T extends { tags: readonly string[]; tagSlugs: readonly string[] }>(
  posts: readonly T[],
  pageSize = BLOG_PAGE_SIZE,
): TagListPage<T>[] {
  return collectTags(posts).flatMap((tag) => {
    const pages = paginate(postsWithTag(posts, tag.slug), pageSize);
    return pages.map((list, index) => ({ tag, page: index + 1, pageCount: pages.length, posts: list }));
  });
}

/** The title and description of one page of a tag's posts. */
export function tagPageText({ tag, page, pageCount }: TagListPage<unknown>): {
  title: string;
  description: string;
} {
  if (page <= 1)
    return {
      title: `Posts tagged ${tag.label}`,
      description: `${postCountText(tag.count)} tagged ${tag.label} on our therapy practice's blog.`,
    };
  return {
    title: `Posts tagged ${tag.label}, page ${page}`,
    description: `Older posts tagged ${tag.label} on our therapy practice's blog, page ${page} of ${pageCount}.`,
  };
}

/** One item of a list of pages: a page's number, or a gap that stands for the pages between. */
export type PageListItem = number | 'gap';

/**
 * The pages a list of pages names: the first, the last, the current one and the one either side of
 * it; a gap stands for two or more pages left out (one page is named, as a gap would take its place).
 * At 1,000 posts that is seven items to read or tab through instead of 84.
 */
export function pageListItems(page: number, pageCount: number): PageListItem[] {
  const named = new Set([1, page - 1, page, page + 1, pageCount]);
  const numbers = [...named].filter((n) => n >= 1 && n <= pageCount).sort((a, b) => a - b);
  const items: PageListItem[] = [];
  let previous = 0;
  for (const n of numbers) {
    if (n - previous === 2) items.push(n - 1);
    else if (n - previous > 2) items.push('gap');
    items.push(n);
    previous = n;
  }
  return items;
}

/**
 * What one browser sees: the built posts, with the browser's own post store laid over them. A slug
 * the store holds (published or draft) or has held since it was seeded (deleted or renamed by the
 * admin) shows the store's version or nothing; the store's published posts are added. Newest first.
 */
export function mergeBrowserPosts(
  built: readonly CardPost[],
  browser: { published: readonly CardPost[]; knownSlugs: ReadonlySet<string> },
): CardPost[] {
  const shadowed = new Set([...browser.knownSlugs, ...browser.published.map((post) => post.slug)]);
  return newestFirst([...browser.published, ...built.filter((post) => !shadowed.has(post.slug))]);
}

/** True when a merged list shows something other than the built list, in the same order. */
export function differsFromBuilt(merged: readonly CardPost[], built: readonly CardPost[]): boolean {
  return (
    merged.length !== built.length ||
    merged.some((post, index) => post.fromBrowser || post.slug !== built[index]?.slug)
  );
}
