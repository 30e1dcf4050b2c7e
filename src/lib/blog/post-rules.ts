// A post's limits and defaults, once: the content schema (src/lib/content/schemas.ts: the build and
// the CMS's check), the admin's form and its messages (src/lib/admin/post-form.ts), the Markdown
// import (src/lib/admin/markdown.ts), the post store, the CMS preview, and Decap's configuration
// (admin/config.yml, compared with these by tests/unit/cms-config.test.ts). No imports: every bundle
// may take it.

/** The most characters each text field may have. */
export const POST_LIMITS = { title: 150, excerpt: 300, tag: 40, author: 100, featuredImageAlt: 200 } as const;

/** The author of a post that names none. */
export const DEFAULT_AUTHOR = 'Admin';

/** A slug as a file may give it: lower-case letters and digits in words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** What the build, the CMS's check and the admin's import say of a slug SLUG_PATTERN refuses. */
export const SLUG_RULE = 'must be lower-case letters, digits and single hyphens, like visual-schedules';

/**
 * What the build, the CMS's check and the admin's import say of tags written as one line of text
 * (`tags: Home, Daily living`): a file's tags are a list, which Decap CMS's list of tags needs to open
 * the post. A comma inside an item still separates two tags (src/lib/blog/tags.ts).
 */
export const TAGS_LIST_RULE = 'must be a list, like [Home, Daily living]';
