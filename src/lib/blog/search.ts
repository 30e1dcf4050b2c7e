// The blog's search and tag filter (SPEC 5): a post is shown when its title or excerpt contains the
// search text, ignoring case; fuse.js adds near matches (typos) after those. A post matches the tag
// filter when it has any selected tag; search and tags combine with AND.
import type Fuse from 'fuse.js/basic';

/** fuse.js's class: passed in, so the browser can download it only once someone types. */
export type FuseClass = typeof Fuse;

export interface SearchablePost {
  title: string;
  excerpt: string;
  /** The post's tag slugs (CardPost.tagSlugs). */
  tagSlugs: readonly string[];
}

export interface BlogFilter {
  query: string;
  /** Selected tags, as tag slugs. */
  tags: readonly string[];
}

/**
 * Shorter text only matches exactly. At this length fuzzy matching is asked for, but one typo in four
 * letters (0.25) is past the threshold below, so in effect a typo is forgiven from five letters on.
 */
export const FUZZY_MIN_LENGTH = 4;

export const isFiltering = (filter: BlogFilter): boolean =>
  filter.query.trim() !== '' || filter.tags.length > 0;

/** The first card is featured only when there is no search text and no tag selected (SPEC 2). */
export const showsFeatured = (filter: BlogFilter): boolean => !isFiltering(filter);

export function containsText(post: SearchablePost, query: string): boolean {
  const needle = query.trim().toLowerCase();
  return post.title.toLowerCase().includes(needle) || post.excerpt.toLowerCase().includes(needle);
}

export function hasAnyTag(post: SearchablePost, tagSlugs: readonly string[]): boolean {
  if (tagSlugs.length === 0) return true;
  return post.tagSlugs.some((slug) => tagSlugs.includes(slug));
}

/**
 * A search over one list of posts (kept in their order, newest first). Without `FuseClass` it finds
 * exact matches only. The fuzzy index is built on the first search that needs it and reused for
 * every keystroke after.
 */
export function createPostSearch<T extends SearchablePost>(
  posts: readonly T[],
  FuseClass?: FuseClass,
): (filter: BlogFilter) => T[] {
  let fuse: Fuse<T> | undefined;
  const fuzzy = (Class: FuseClass) =>
    (fuse ??= new Class(posts, {
      keys: [
        { name: 'title', weight: 2 },
        { name: 'excerpt', weight: 1 },
      ],
      // About one typo in five letters: 'scedule' finds 'schedule', 'home' does not find 'come'.
      threshold: 0.22,
      ignoreLocation: true,
      minMatchCharLength: FUZZY_MIN_LENGTH,
      includeScore: true,
    }));

  return (filter) => {
    const tagged = posts.filter((post) => hasAnyTag(post, filter.tags));
    const query = filter.query.trim();
    if (!query) return tagged;
    const exact = tagged.filter((post) => containsText(post, query));
    if (query.length < FUZZY_MIN_LENGTH || !FuseClass) return exact;
    const shown = new Set<T>(exact);
    const near = fuzzy(FuseClass)
      .search(query)
      .map((result) => result.item)
      .filter((post) => !shown.has(post) && hasAnyTag(post, filter.tags));
    return [...exact, ...near];
  };
}
