// A post file's fields as every reader takes them, once: the build's content collection
// (src/content.config.ts) and the admin's Markdown import (src/lib/admin/markdown.ts). Decap CMS reads
// the same file with its own writer's rules (src/lib/cms/formats.ts).
import { postDatesAsWritten } from './dates';
import { withoutClearedFields, withTagsAsText } from '../text/post-file';

/**
 * The fields as read: one left empty is one left out (its default applies), each tag is text, and
 * the dates are the text the file writes (read in the practice's time zone, not as YAML's UTC).
 */
export function postFieldsAsWritten<T extends Record<string, unknown>>(data: T, frontMatter: string): T {
  return postDatesAsWritten(withTagsAsText(withoutClearedFields(data)), frontMatter);
}
