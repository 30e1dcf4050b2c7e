// What the editor's link button does with the address the admin types (SPEC 2 and 5): nothing when
// the answer is empty or cancelled, the default scheme http when none is given
// ('example.org' -> 'http://example.org'), and only the spec's schemes, read as a browser reads them
// (src/lib/text/url-check.ts).
import { isAllowedLinkUrl, withDefaultScheme } from '@/lib/text/sanitize';
import { ALLOWED_LINK_SCHEMES, LINK_SCHEME_RULE, linkAddressProblem } from '@/lib/text/url-check';

export const LINK_PROMPT = 'Link address (for example https://example.org):';
export const LINK_REFUSED_MESSAGE =
  `That address cannot be used for a link. Links may start with ${ALLOWED_LINK_SCHEMES.slice(0, -1).join(', ')} ` +
  `or ${ALLOWED_LINK_SCHEMES.at(-1)}, or be a web address such as example.org.`;

export type LinkInput =
  { kind: 'none' } | { kind: 'link'; href: string } | { kind: 'refused'; message: string };

export function resolveLinkInput(answer: string | null | undefined): LinkInput {
  const trimmed = (answer ?? '').trim();
  if (!trimmed) return { kind: 'none' };
  const href = withDefaultScheme(trimmed);
  const problem = linkAddressProblem(href);
  if (problem === undefined && isAllowedLinkUrl(href)) return { kind: 'link', href };
  // A scheme outside the spec's list gets the list; any other problem is named.
  if (problem === undefined || problem === LINK_SCHEME_RULE) {
    return { kind: 'refused', message: LINK_REFUSED_MESSAGE };
  }
  return { kind: 'refused', message: `That address cannot be used for a link: it ${problem}.` };
}
