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

/**
 * Why the build would read the file's front matter otherwise than splitPostFile, or undefined. Astro's
 * reader, which turns a file into its fields and its text, also takes front matter after blank lines
 * or between '+++' lines, and ends it at the first line that starts with '---' ('----', '--- x'):
 * the checks that read the file with splitPostFile (impossible days, wall-clock times, pictures) then
 * saw no front matter, or another text, and let through what they stop in a well-formed file.
 * @param {string} text
 * @returns {string | undefined}
 */
export function frontMatterLayoutProblem(text) {
  const parts = splitPostFile(text);
  const readOtherwise = parts
    ? /^(?:---|\+\+\+)/m.test(parts.frontMatter)
    : /^\uFEFF?\s*(?:---|\+\+\+)/.test(text) && /\n(?:---|\+\+\+)/.test(text);
  return readOtherwise
    ? 'the front matter must start on the first line of the file and sit between two lines of exactly three hyphens (---), with no line inside it starting with --- or +++'
    : undefined;
}
