// The one slug rule (SPEC 5), used by the build, the in-browser post store and the admin:
// the lower-cased title with accents transliterated, unsafe characters removed and whitespace
// replaced by hyphens. slugify does the transliteration (a maintained character map).
import slugify from 'slugify';

/** Used when a title has no usable characters at all (only emoji or punctuation, say). */
export const FALLBACK_SLUG = 'post';

/**
 * The text's slug, or '' when it has no letter or digit the rule keeps. NFKC first: a title pasted
 * from a PDF often holds ligatures ('Beneﬁts', with U+FB01), which slugify's map does not know and
 * dropped ('benets'); full-width letters and digits likewise become the plain ones.
 */
const slugOf = (text: string): string =>
  slugify(text.normalize('NFKC'), { lower: true, strict: true, trim: true, locale: 'en' });

export function slugFromTitle(title: string): string {
  return slugOf(title) || FALLBACK_SLUG;
}

/**
 * A tag's address (/blog/tags/{slug}), one whatever its spelling: 'Social Skills' and 'social skills'
 * share a page. A tag the rule keeps nothing of (日本語, ⭐) gets a slug made from its characters
 * ('tag-' and eight hexadecimal digits), so two such tags never share a page, as they did when both
 * took the fallback.
 */
export function tagSlug(tag: string): string {
  const slug = slugOf(tag);
  if (slug) return slug;
  // FNV-1a over the tag's UTF-16 code units: the same in the build and in every browser.
  let hash = 0x811c9dc5;
  for (const unit of tag.normalize('NFC').toLocaleLowerCase('en').trim()) {
    for (let i = 0; i < unit.length; i += 1) hash = Math.imul(hash ^ unit.charCodeAt(i), 0x01000193) >>> 0;
  }
  return `tag-${hash.toString(16).padStart(8, '0')}`;
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

/** Whether the post's file names its slug (front-matter `slug`), which goes first in a collision. */
const namesSlug = (post: { slug?: string | undefined }): boolean => Boolean(post.slug?.trim());

/** The slug a post's file names (its front-matter `slug`, by the slug rule), if it names one. */
export function namedSlug(post: { slug?: string | undefined }): string | undefined {
  return namesSlug(post) ? slugFromTitle(post.slug!) : undefined;
}

/** The address a post asks for: the slug its file names, or its title's; assignSlugs may suffix it. */
export function askedSlug(post: { title: string; slug?: string | undefined }): string {
  return namedSlug(post) ?? slugFromTitle(post.title);
}

/**
 * Slugs for a list of posts, in their order. A slug the post names (its front-matter `slug`) is kept
 * before one made from a title, so a post whose file names its address gets it: the admin writes the
 * slug it links to into every file it publishes, and a draft committed beside it without one (which
 * the admin cannot see) gives way. Among posts of the same kind the first keeps the base; a
 * collision gets a numeric suffix (docs/decisions/0056-named-slug-first.md).
 */
export function assignSlugs<T extends { title: string; slug?: string | undefined }>(
  posts: readonly T[],
): (T & { slug: string })[] {
  const taken = new Set<string>();
  const slugs = new Map<number, string>();
  for (const ofNamed of [true, false]) {
    posts.forEach((post, index) => {
      if (namesSlug(post) !== ofNamed) return;
      const slug = freePostSlug(askedSlug(post), taken);
      taken.add(slug);
      slugs.set(index, slug);
    });
  }
  return posts.map((post, index) => ({ ...post, slug: slugs.get(index)! }));
}
