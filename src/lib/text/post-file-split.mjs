// @ts-check
// Where a post file's front matter ends and its Markdown begins: the one rule, in plain JavaScript so
// that tools run by plain Node (tools/scheduled-posts.mjs) split a file as the build does.
// src/lib/text/post-file.ts, which reads and writes the rest of a post file, re-exports it.

/**
 * The front matter's text and the body, as they are in the file, or undefined when the file does not
 * start with front matter. A byte-order mark before the first '---' is allowed.
 * @param {string} text
 * @returns {{ frontMatter: string, body: string } | undefined}
 */
export function splitPostFile(text) {
  const match = /^\uFEFF?---\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)([\s\S]*)$/.exec(text);
  return match ? { frontMatter: match[1] ?? '', body: match[2] ?? '' } : undefined;
}
