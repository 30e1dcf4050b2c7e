// Post tags as the admin types them (SPEC 5): comma-separated, each trimmed, empty items dropped.

/** 'autism,  social skills, ,home ' -> ['autism', 'social skills', 'home']; repeats are kept once. */
export function parseTags(text: string): string[] {
  const tags: string[] = [];
  for (const part of text.split(',')) {
    const tag = part.trim().replace(/\s+/g, ' ');
    if (tag && !tags.includes(tag)) tags.push(tag);
  }
  return tags;
}

/** The text the tags field shows for a post's tags. */
export function formatTags(tags: readonly string[]): string {
  return tags.join(', ');
}
