// Decap CMS writes a field the editor emptied as '' (or null). The CMS page drops such values before
// saving, so the file leaves the field out and the schema defaults apply; the build and the admin's
// import read a field left empty in a hand-written file the same way (isClearedValue, post-file.ts).
import { freePostSlug, slugFromTitle } from '../slug';
import { isClearedValue } from '../text/post-file';

export { isClearedValue };

/** The entry's top-level fields without cleared values (works on Decap's Immutable Map and on arrays of pairs). */
export function withoutClearedValues<T extends { filter(keep: (value: unknown) => boolean): T }>(data: T): T {
  return data.filter((value) => !isClearedValue(value));
}

/**
 * The entry's key that names a new post's file (admin/config.yml: `slug: '{{fields.fileSlug}}'`):
 * the site's own slug of the post (src/lib/slug.ts), set before each save and never written to the
 * file. Decap's own slugifier reads a title differently ('Crème & Co.' is 'creme-co' there,
 * 'creme-and-co' here; a title in Cyrillic gives it nothing at all), and Decap passes this value
 * through unchanged, so the file is named as the build addresses the post.
 */
export const FILE_SLUG = 'fileSlug';

/** The post's slug as the build gives it: the front-matter slug when there is one, or the title's. */
export function fileSlugOf(data: { title?: unknown; slug?: unknown }): string {
  const own = typeof data.slug === 'string' ? data.slug.trim() : '';
  return freePostSlug(slugFromTitle(own || (typeof data.title === 'string' ? data.title : '')));
}
