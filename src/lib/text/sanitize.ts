// Every HTML string is untrusted until it has passed through here: post content from Markdown,
// from the admin editor, from an imported file or from browser storage. DOMPurify is the
// maintained sanitiser; isomorphic-dompurify gives it a DOM at build time in Node.
import DOMPurify from 'isomorphic-dompurify';
import { ALLOWED_LINK_SCHEMES, pictureAddressProblem, readAddress } from './url-check';

// An address is kept when it starts with one of the spec's schemes, or has no scheme at all: it
// starts with something no scheme starts with (/, #, ., ?), or its leading run of scheme characters
// (a letter, then letters, digits, + . -) ends without a colon ('page.html', 'a/b:c'). A scheme may
// hold digits ('ed2k:', 'web+a1:'), so the run includes them: otherwise a digit ended the run early
// and such a scheme passed as a relative address.
const ALLOWED_URI = new RegExp(
  `^(?:(?:${ALLOWED_LINK_SCHEMES.join('|')}):|[^a-z]|[a-z][a-z0-9+.-]*(?:[^a-z0-9+.:-]|$))`,
  'i',
);

const ALLOWED_TAGS = [
  'a',
  'abbr',
  'b',
  'blockquote',
  'br',
  'code',
  'del',
  'em',
  'figcaption',
  'figure',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'li',
  'ol',
  'p',
  'pre',
  's',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
];
// No target and no rel: a link in a post opens in the same tab (as the editor writes it). A link
// that opens another window can hand that window our page (rel="opener", a named target, a
// browser that reads `_Blank` as `_blank` but not as a cue for noopener); without `target` no
// window is ever opened, so nothing depends on getting rel right.
const ALLOWED_ATTR = [
  'href',
  'title',
  'alt',
  'src',
  'width',
  'height',
  'loading',
  'decoding',
  'srcset',
  'sizes',
  'colspan',
  'rowspan',
  'scope',
  'start',
  // Only the ids Markdown's footnotes make (FOOTNOTE_ID): their links lead to them and back.
  'id',
];

/**
 * The ids footnotes carry: 'user-content-fn-1' and 'user-content-fnref-1' (the prefix keeps them from
 * naming anything of the page's own or a property of `window` or `document`: DOM clobbering), and
 * 'footnote-label', the notes' heading, which each reference's aria-describedby names.
 */
const FOOTNOTE_ID = /^(?:user-content-fn(?:ref)?-[\w-]{1,64}|footnote-label)$/;

function isPictureSource(src: string): boolean {
  const address = readAddress(src);
  return address.ok && (address.kind !== 'absolute' || pictureAddressProblem(src) === undefined);
}

/**
 * A srcset's candidates, each its address and then its descriptors ('a.webp 200w, b.webp' gives
 * [['a.webp', '200w'], ['b.webp']]). Split at commas (the build writes ', '): an address holding a
 * comma comes out in pieces, which checkedSrcset refuses rather than guesses at.
 */
export function srcsetCandidates(srcset: string): [string, ...string[]][] {
  return srcset.split(',').map((candidate) => {
    const [address = '', ...descriptors] = candidate.trim().split(/\s+/);
    return [address, ...descriptors];
  });
}

/** A srcset whose every candidate is a picture source ('a.webp 200w, b.webp 400w'), or undefined. */
function checkedSrcset(srcset: string): string | undefined {
  const candidates = srcsetCandidates(srcset);
  const valid = candidates.every(
    ([address, descriptor, ...rest]) =>
      address !== '' &&
      rest.length === 0 &&
      (descriptor === undefined || /^(?:\d+w|\d+(?:\.\d+)?x)$/.test(descriptor)) &&
      isPictureSource(address),
  );
  return valid && candidates.length > 0 ? candidates.map((parts) => parts.join(' ')).join(', ') : undefined;
}

// Attribute values a picture may carry, beyond its addresses; anything else is dropped.
const PICTURE_VALUES: Record<string, RegExp> = {
  loading: /^(?:lazy|eager)$/,
  decoding: /^(?:async|sync|auto)$/,
  width: /^\d{1,5}$/,
  height: /^\d{1,5}$/,
  // Media conditions and lengths only: no url(), no quotes, no markup.
  sizes: /^[\w\s().,:%+*/-]{1,300}$/,
};

let hooked = false;
function addHooks(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    const id = node.getAttribute('id');
    if (id !== null && !FOOTNOTE_ID.test(id)) node.removeAttribute('id');
    if (node.tagName !== 'IMG') {
      // srcset, sizes and decoding mean something on a picture only.
      for (const name of ['srcset', 'sizes', 'decoding']) node.removeAttribute(name);
      return;
    }
    // A picture comes from an https address or from this site (src/lib/text/url-check.ts): not http, not
    // data:, and no path a browser reads as another host ('//host', '/\host'); each srcset candidate too.
    const src = node.getAttribute('src');
    if (src !== null && !isPictureSource(src)) node.removeAttribute('src');
    const srcset = node.getAttribute('srcset');
    if (srcset !== null) {
      const checked = checkedSrcset(srcset);
      if (checked === undefined) node.removeAttribute('srcset');
      else node.setAttribute('srcset', checked);
    }
    for (const [name, allowed] of Object.entries(PICTURE_VALUES)) {
      const value = node.getAttribute(name);
      if (value !== null && !allowed.test(value.trim())) node.removeAttribute(name);
    }
    if (!node.hasAttribute('srcset')) node.removeAttribute('sizes');
    if (!node.hasAttribute('loading')) node.setAttribute('loading', 'lazy');
  });
}

/**
 * The page's title is its only <h1>, so a heading written with a single '#' ('# Getting started')
 * becomes the next level down, <h2>, rather than bare text. Only tag names change: an '<h1' that is
 * no tag (inside an attribute's value) becomes '<h2', which opens nothing either.
 */
const asSecondLevel = (html: string) => html.replace(/<(\/?)h1\b/gi, '<$1h2');

export function sanitizeHtml(dirty: string): string {
  addHooks();
  return DOMPurify.sanitize(asSecondLevel(dirty), {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: ALLOWED_URI,
    ALLOW_DATA_ATTR: false,
    ALLOW_UNKNOWN_PROTOCOLS: false,
  });
}

/**
 * The HTML of a content entry's Markdown, sanitised: the one way text from content/ reaches a page
 * (service pages; posts through src/lib/content/sanitized-cache.ts, which calls sanitizeHtml and
 * keeps its results between builds). Astro's own render() would put the file's HTML on the page as written,
 * <script> and <meta http-equiv="refresh"> included; tests/unit/content-html.test.ts keeps pages
 * from calling it.
 */
export function renderedHtml(entry: { rendered?: { html: string } | undefined }): string {
  return sanitizeHtml(entry.rendered?.html ?? '');
}

/** The link rule is url-check's (re-exported for the editor, which imports the sanitiser). */
export { isAllowedLinkUrl } from './url-check';

/**
 * A host and port at the start ('example.org:8080/page', 'localhost:4321'): the same shape as a
 * scheme, but a web address without one. A scheme has no dot, and none is 'localhost'.
 */
const HOST_AND_PORT = /^(?:localhost|[a-z\d-]+(?:\.[a-z\d-]+)+):\d{1,5}(?:[/?#]|$)/i;

/** The editor's default scheme: 'example.org/page' becomes 'http://example.org/page'. */
export function withDefaultScheme(url: string): string {
  const trimmed = url.trim();
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) && !HOST_AND_PORT.test(trimmed);
  if (hasScheme || trimmed.startsWith('/') || trimmed.startsWith('#')) return trimmed;
  return `http://${trimmed}`;
}
