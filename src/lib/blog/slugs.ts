// The blog's slug rules at build and for browser posts: post slugs made unique, and tag slugs. Kept
// apart from posts.ts so the search island does not download the transliteration table; cards
// carry their tags' slugs ready-made (CardPost.tagSlugs).
import { askedSlug, assignSlugs, tagSlug } from '../slug';
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

/**
 * What the build says about each post that did not get the address it asks for (its named slug, or
 * its title's): another post kept it, so this one is at a suffixed address. A post's address can
 * change that way without anyone touching its file (a new file naming that slug comes first), and
 * links to the old address then lead to another post: the build names both files.
 * @param posts as withUniqueSlugs gave them, each with the `file` it came from
 */
export function slugCollisions(
  posts: readonly { file: string; title: string; slug: string; wanted?: string | undefined }[],
): string[] {
  const holder = new Map(posts.map((post) => [post.slug, post]));
  return posts.flatMap((post) => {
    const wanted = askedSlug({ title: post.title, slug: post.wanted });
    if (post.slug === wanted) return [];
    const other = holder.get(wanted);
    const by = other ? `${other.file} has it` : "it is one of the blog's own pages";
    return [`${post.file}: /blog/${wanted} is taken (${by}), so this post is at /blog/${post.slug}.`];
  });
}
