// Post tags (SPEC 5): split on commas, each trimmed (inner runs of spaces made one), empty items
// dropped, repeats kept once: the first spelling of each address ('Social Skills, social skills' is
// one tag, as it has one page). The one rule for the content files, the admin's tags field and its
// Markdown import: a tag never holds a comma, since the admin's field and the CMS separate tags by
// commas ('Life skills, Home' is two tags everywhere).
import { tagSlug } from '../slug';

/**
 * 'autism,  social skills, ,home ' -> ['autism', 'social skills', 'home']; a list is read the same
 * way, item by item.
 */
export function parseTags(input: string | readonly string[]): string[] {
  const tags: string[] = [];
  const addresses = new Set<string>();
  for (const part of (typeof input === 'string' ? [input] : input).flatMap((item) => item.split(','))) {
    const tag = part.trim().replace(/\s+/g, ' ');
    if (!tag || addresses.has(tagSlug(tag))) continue;
    addresses.add(tagSlug(tag));
    tags.push(tag);
  }
  return tags;
}

/** The text the tags field shows for a post's tags. */
export function formatTags(tags: readonly string[]): string {
  return tags.join(', ');
}
