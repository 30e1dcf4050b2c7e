// A post file (content/posts/*.md, a service or text page too): front matter between two '---' lines,
// then Markdown. The one place that splits such a file, reads and writes its front matter and turns
// its Markdown into HTML outside Astro: the build's checks (src/content.config.ts,
// src/lib/content/posts.ts), the admin's import, export and publishing (src/lib/admin/markdown.ts),
// Decap CMS's formats and preview (src/lib/cms/). tests/unit/post-file.test.ts checks that no other
// file calls gray-matter or makes its own Markdown renderer.
//
// Front matter is read and written with gray-matter, YAML only. gray-matter's default engines include
// JavaScript, so a file starting with '---js' would have its front matter run as code by whoever reads
// it; here that engine throws instead.
import matter from 'gray-matter';
import { Marked, type Token, type TokensList, type Tokens } from 'marked';
import { escapeHtml } from './escape-html';

/** The title that marks a picture as decorative: its alt text is then empty on purpose. */
export const DECORATIVE = 'decorative';

export const isDecorative = (picture: { title?: string | null | undefined }): boolean =>
  picture.title?.trim().toLowerCase() === DECORATIVE;

/**
 * The front matter's text and the body, as they are in the file, or undefined when the file does not
 * start with front matter. A byte-order mark before the first '---' is allowed.
 */
export function splitPostFile(text: string): { frontMatter: string; body: string } | undefined {
  const match = /^\uFEFF?---\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)([\s\S]*)$/.exec(text);
  return match ? { frontMatter: match[1] ?? '', body: match[2] ?? '' } : undefined;
}

const refuseCode = {
  parse: (): never => {
    throw new Error('front matter must be YAML');
  },
  stringify: (): never => {
    throw new Error('front matter must be YAML');
  },
};

const OPTIONS = { language: 'yaml', engines: { js: refuseCode, javascript: refuseCode } };

/**
 * gray-matter calls Node's Buffer.from on its input, which browsers do not have. For the length of
 * one synchronous call it gets a stand-in (its result is only kept as `file.orig`, which we never
 * read); nothing else can run in between, and the global is removed again at once.
 */
function withBufferStandIn<T>(work: () => T): T {
  const scope = globalThis as { Buffer?: unknown };
  if (scope.Buffer !== undefined) return work();
  scope.Buffer = { from: (text: string) => new TextEncoder().encode(text), isBuffer: () => false };
  try {
    return work();
  } finally {
    delete scope.Buffer;
  }
}

export interface FrontMatter {
  /** The fields, as YAML read them. */
  data: Record<string, unknown>;
  /** The text after the closing '---'. */
  content: string;
  /** The front matter's own text, between the two '---' lines. */
  matter: string;
}

/** Throws on front matter that is not YAML (or not valid YAML); js-yaml's error names the line. */
export function readFrontMatter(text: string): FrontMatter {
  const { data, content, matter: raw } = withBufferStandIn(() => matter(text, OPTIONS));
  return { data: data as Record<string, unknown>, content, matter: raw };
}

/**
 * A Markdown file: `data` as YAML front matter (one line per field, never folded), then `body`.
 * `comment` lines (without their '# ') go after the fields, before the closing '---'.
 */
export function writeFrontMatter(
  body: string,
  data: Record<string, unknown>,
  comment: readonly string[] = [],
): string {
  // lineWidth -1: js-yaml would otherwise fold long titles and excerpts over several lines.
  const options = { ...OPTIONS, lineWidth: -1 } as matter.GrayMatterOption<string, never>;
  const text = withBufferStandIn(() => matter.stringify(body, data, options));
  if (comment.length === 0) return text;
  const close = text.indexOf('\n---\n', 3);
  const lines = comment.map((line) => `# ${line.replace(/[\r\n]+/g, ' ')}`.trimEnd()).join('\n');
  return `${text.slice(0, close)}\n${lines}${text.slice(close)}`;
}

/**
 * Markdown as HTML (before sanitising), its pictures read as the build reads them: a picture marked
 * decorative (`![](src "decorative")`, src/lib/text/post-body.ts) gets alt="" and loses the marker;
 * one with no alt text and no marker gets no alt at all, so the admin's editor asks for it (marked
 * would write alt="").
 */
export function renderPostMarkdown(body: string): string {
  return markdown.parse(body, { async: false });
}

const markdown = new Marked({
  gfm: true,
  async: false,
  renderer: {
    image({ href, title, text }: Tokens.Image) {
      const decorative = text === '' && isDecorative({ title });
      const titlePart = title && !decorative ? ` title="${escapeHtml(title)}"` : '';
      const altPart = text === '' && !decorative ? '' : ` alt="${escapeHtml(text)}"`;
      return `<img src="${escapeHtml(href)}"${altPart}${titlePart}>`;
    },
  },
});

/** The Markdown's tokens, read with the same configuration (code blocks are text; reference pictures count). */
export function postMarkdownTokens(body: string): TokensList {
  return markdown.lexer(body);
}

/** Calls `visit` on every token, nested ones included. */
export function walkPostMarkdown(tokens: TokensList | Token[], visit: (token: Token) => void): void {
  markdown.walkTokens(tokens, visit);
}
