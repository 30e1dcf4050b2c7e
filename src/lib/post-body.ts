// What a post's text may contain beyond what Markdown allows. The blog shows a post's text as
// sanitised HTML (src/lib/blog-content.ts), which has no way to publish a picture from the
// repository: Astro leaves such a picture for its own renderer, and sanitising leaves an <img> with
// no address. So a picture in the text must be on the web (https); the post's own picture goes in
// featuredImage. The build stops at a post that breaks this (src/content.config.ts), naming it.

const FENCED_CODE = /^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1[^\S\n]*$/gm;
const MARKDOWN_PICTURE = /!\[[^\]]*\]\(\s*(?:<([^>]*)>|([^)\s]*))/g;
const HTML_PICTURE = /<img\b[^>]*?\ssrc\s*=\s*["']?([^"'\s>]*)/gi;

/** The addresses of pictures in a post's Markdown text that are not https web addresses. */
export function picturesNotOnTheWeb(markdown: string): string[] {
  const text = markdown.replace(FENCED_CODE, '');
  const sources = [...text.matchAll(MARKDOWN_PICTURE), ...text.matchAll(HTML_PICTURE)].map(
    (m) => m[1] ?? m[2] ?? '',
  );
  return sources.filter((source) => !/^https:\/\//i.test(source));
}

/** The build's message for such pictures, or undefined when there are none. */
export function picturesProblem(markdown: string): string | undefined {
  const sources = picturesNotOnTheWeb(markdown);
  if (sources.length === 0) return undefined;
  return (
    `the text shows ${sources.map((s) => `"${s || '(no address)'}"`).join(', ')}: a picture in a post's text ` +
    "must be a web address starting with https://; the post's own picture goes in featuredImage"
  );
}
