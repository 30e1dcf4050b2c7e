// What a post's (or a service page's) text may contain beyond what Markdown allows. The site shows
// such text as sanitised HTML (src/lib/text/sanitize.ts, renderedHtml), which has no way to publish a
// picture from the repository: Astro leaves such a picture for its own renderer, and sanitising
// leaves an <img> with no address. So a picture in the text must be on the web (https); the page's
// own picture goes in its front matter. The build stops at a file that breaks this
// (src/content.config.ts), naming it.

import { pictureAddressProblem } from './url-check';

// The bounded repeats keep each match's search short: unbounded, text such as '![' repeated
// (or '<img ' without '>') made every start scan to the end, and 100 KB took seconds.
const MARKDOWN_PICTURE = /!\[[^\]]{0,1000}\]\(\s*(?:<([^>]{0,2000})>|([^)\s]{0,2000}))/g;
const HTML_PICTURE = /<img\b[^>]{0,2000}?\ssrc\s*=\s*["']?([^"'\s>]{0,2000})/gi;

/**
 * The text without its fenced code blocks (CommonMark: a fence of three or more ` or ~, indented
 * at most three spaces, closed by a fence of the same character at least as long, or by the end of
 * the text). Read line by line, so an unclosed fence costs one pass, not one pass per fence.
 */
function withoutFencedCode(markdown: string): string {
  const kept: string[] = [];
  let open: string | undefined;
  for (const line of markdown.split('\n')) {
    // A backtick fence's info string has no backtick: '```a```' is inline code.
    const fence = /^ {0,3}(`{3,}(?!.*`)|~{3,})/.exec(line)?.[1];
    if (open === undefined) {
      if (fence) open = fence;
      else kept.push(line);
    } else if (
      fence &&
      fence[0] === open[0] &&
      fence.length >= open.length &&
      !line.trim().slice(fence.length).trim()
    ) {
      open = undefined;
    }
  }
  return kept.join('\n');
}

/** The addresses of pictures in a post's Markdown text that are not https web addresses. */
export function picturesNotOnTheWeb(markdown: string): string[] {
  const text = withoutFencedCode(markdown);
  const sources = [...text.matchAll(MARKDOWN_PICTURE), ...text.matchAll(HTML_PICTURE)].map(
    (m) => m[1] ?? m[2] ?? '',
  );
  // https only (see above), read by the one URL check (src/lib/text/url-check.ts).
  return sources.filter(
    (source) => !/^https:\/\//i.test(source) || pictureAddressProblem(source) !== undefined,
  );
}

/** Where a text's pictures are checked: a post's text, or a service page's. */
export interface PictureRule {
  text: string;
  ownPicture: string;
}

export const POST_PICTURES: PictureRule = {
  text: "a post's text",
  ownPicture: "the post's own picture goes in featuredImage",
};

export const SERVICE_PICTURES: PictureRule = {
  text: "a service page's text",
  ownPicture: "the page's own picture goes in heroImage",
};

/** The build's message for such pictures, or undefined when there are none. */
export function picturesProblem(markdown: string, rule: PictureRule = POST_PICTURES): string | undefined {
  const sources = picturesNotOnTheWeb(markdown);
  if (sources.length === 0) return undefined;
  return (
    `the text shows ${sources.map((s) => `"${s || '(no address)'}"`).join(', ')}: a picture in ${rule.text} ` +
    `must be a web address starting with https://; ${rule.ownPicture}`
  );
}
