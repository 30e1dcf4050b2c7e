// The one HTML escape: text or an attribute value written into HTML that we make ourselves (the admin's
// Markdown, the build's pictures, the CMS preview, the feed). Quotes are escaped too, so the same
// function serves a double-quoted attribute.

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** `text` with &, <, > and " written as entities. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (character) => ENTITIES[character]!);
}
