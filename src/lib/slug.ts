// The one slug rule (SPEC 5), used by the build, the in-browser post store and the admin:
// the lower-cased title with accents transliterated, unsafe characters removed and whitespace
// replaced by hyphens. slugify does the transliteration (a maintained character map).
import slugify from 'slugify';

/** Used when a title has no usable characters at all (only emoji or punctuation, say). */
export const FALLBACK_SLUG = 'post';

export function slugFromTitle(title: string): string {
  const slug = slugify(title, { lower: true, strict: true, trim: true, locale: 'en' });
  return slug || FALLBACK_SLUG;
}

/**
 * A slug that none of `taken` uses: the base itself, or the base with the first free numeric
 * suffix ('visual-schedules-2'), so two posts never share a URL.
 */
export function uniqueSlug(base: string, taken: ReadonlySet<string> | ((slug: string) => boolean)): string {
  const isTaken = typeof taken === 'function' ? taken : (slug: string) => taken.has(slug);
  if (!isTaken(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!isTaken(candidate)) return candidate;
  }
}

/**
 * Addresses under /blog/ that are the blog's own pages (src/pages/blog/): a post at /blog/tags would
 * never be shown (the tag list is), and hosts serve /blog/index as /blog itself.
 */
export const BLOG_PAGE_SLUGS: ReadonlySet<string> = new Set(['tags', 'index']);

/**
 * A post's slug from its base: the base itself, or with the first free numeric suffix when another
 * post or one of the blog's own pages (BLOG_PAGE_SLUGS) has it ('tags-2').
 */
export function freePostSlug(base: string, taken: ReadonlySet<string> = new Set()): string {
  return uniqueSlug(base, (slug) => BLOG_PAGE_SLUGS.has(slug) || taken.has(slug));
}

/** Slugs for a list of posts in order; a collision gets a numeric suffix, the first keeps the base. */
export function assignSlugs<T extends { title: string; slug?: string | undefined }>(
  posts: readonly T[],
): (T & { slug: string })[] {
  const taken = new Set<string>();
  return posts.map((post) => {
    const slug = freePostSlug(
      post.slug?.trim() ? slugFromTitle(post.slug) : slugFromTitle(post.title),
      taken,
    );
    taken.add(slug);
    return { ...post, slug };
  });
}
