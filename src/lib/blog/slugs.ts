// The blog's slug rules at build and for browser posts: post slugs made unique, and tag slugs. Kept
// apart from posts.ts so the search island does not download the transliteration table; cards
// carry their tags' slugs ready-made (CardPost.tagSlugs).
import { assignSlugs, tagSlug } from '../slug';
import { tagPageHref } from './posts';

export const tagHref = (tag: string): string => tagPageHref(tagSlug(tag));

/**
 * Gives every post its URL slug: the front-matter slug or the title's, with a numeric suffix on a
 * collision (assignSlugs). A post whose file names its slug keeps it; among the rest, the oldest
 * keeps the plain slug, so a new post never moves an old one's address unless its file names that
 * address (the admin refuses to publish one that names a published post's). Drafts take part too,
 * so publishing one later never moves another post's address.
 */
export function withUniqueSlugs<
  T extends { id: string; title: string; slug?: string | undefined; publishedAt: Date },
>(posts: readonly T[]): (T & { slug: string })[] {
  const oldestFirst = [...posts].sort(
    (a, b) => a.publishedAt.getTime() - b.publishedAt.getTime() || a.id.localeCompare(b.id, 'en'),
  );
  const slugs = new Map(assignSlugs(oldestFirst).map((post) => [post.id, post.slug]));
  return posts.map((post) => ({ ...post, slug: slugs.get(post.id)! }));
}
