// A post file (content/posts/*.md, a service or text page too): front matter between two '---' lines,
// then Markdown. The one place that splits such a file, reads and writes its front matter and turns
// its Markdown into HTML outside Astro: the build's checks (src/content.config.ts,
// src/lib/content/posts.ts), the admin's import, export and publishing (src/lib/admin/markdown.ts),
// Decap CMS's formats and preview (src/lib/cms/). tests/unit/post-file.test.ts checks that no other
// file imports a YAML library for front matter or makes its own Markdown renderer.
//
// Front matter is YAML, read and written with the `yaml` package in both directions (its core schema,
// plus YAML's timestamps where dates are wanted). Only YAML: a file opening with '---js' (front matter
// that some readers run as code) is refused. Dates keep the text they were written with: a date read
// from a file and written back unchanged is written exactly as it was (2025-01-05 stays a day,
// 2026-12-07T08:00:00-05:00 keeps its offset), where a Date made anew is written as its UTC moment.
import { parseDocument, stringify, type ScalarTag } from 'yaml';
import { Marked, type Token, type TokensList, type Tokens } from 'marked';
import { escapeHtml } from './escape-html';
import { frontMatterLayoutProblem, splitPostFile } from './post-file-split.mjs';

/** The title that marks a picture as decorative: its alt text is then empty on purpose. */
export const DECORATIVE = 'decorative';

export const isDecorative = (picture: { title?: string | null | undefined }): boolean =>
  picture.title?.trim().toLowerCase() === DECORATIVE;

// Where the front matter ends: in plain JavaScript, for the tools that run in plain Node as well.
export { frontMatterLayoutProblem, splitPostFile };

/**
 * A front matter that is not YAML, not valid YAML (`line`: the line of the file, from 1), or YAML that
 * is not a list of fields (`notFields`).
 */
export class FrontMatterError extends Error {
  constructor(
    readonly reason: string,
    readonly line?: number,
    readonly notFields = false,
  ) {
    super(line === undefined ? reason : `${reason} (line ${line})`);
    this.name = 'FrontMatterError';
  }
}

// YAML 1.1's timestamps, as js-yaml (Astro's reader of the same files) reads them: a day, or a day and
// a time with an optional fraction and offset (none is UTC).
const DAY = /^(\d{4})-(\d\d)-(\d\d)$/;
const MOMENT =
  /^(\d{4})-(\d\d?)-(\d\d?)(?:[Tt]|[ \t]+)(\d\d?):(\d\d):(\d\d)(?:\.(\d*))?(?:[ \t]*(Z|([-+])(\d\d?)(?::(\d\d))?))?$/;

/** The text each Date read from a file was written as, while the Date still holds that moment. */
const writtenAs = new WeakMap<Date, { time: number; text: string }>();

function readTimestamp(text: string): Date {
  const day = DAY.exec(text);
  const parts = (day ?? MOMENT.exec(text))!;
  const [year, month, date, hour = 0, minute = 0, second = 0] = parts.slice(1, 7).map((v) => Number(v ?? 0));
  const fraction = day ? 0 : Number((parts[7] ?? '').slice(0, 3).padEnd(3, '0'));
  let time = Date.UTC(year!, month! - 1, date!, hour, minute, second, fraction);
  if (!day && parts[9]) {
    const offset = (Number(parts[10]) * 60 + Number(parts[11] ?? 0)) * 60_000;
    time -= parts[9] === '-' ? -offset : offset;
  }
  const value = new Date(time);
  writtenAs.set(value, { time, text });
  return value;
}

/**
 * The moment a YAML timestamp names ('2025-01-05', '2026-12-07T08:00:00-05:00'), as a Date that
 * writeFrontMatter writes as that same text, unquoted, while it holds that moment.
 */
export function timestampWrittenAs(text: string): Date {
  if (!isYamlTimestamp(text)) throw new RangeError(`Not a YAML timestamp: ${text}`);
  return readTimestamp(text);
}

/** True for a text that YAML (and Astro's reader, js-yaml) reads as a date when it is not quoted. */
export const isYamlTimestamp = (text: string): boolean => DAY.test(text) || MOMENT.test(text);

const timestamp: ScalarTag = {
  tag: 'tag:yaml.org,2002:timestamp',
  default: true,
  identify: (value) => value instanceof Date,
  test: new RegExp(`${DAY.source}|${MOMENT.source}`),
  resolve: readTimestamp,
  stringify: ({ value }) => {
    const date = value as Date;
    const kept = writtenAs.get(date);
    return kept && kept.time === date.getTime() ? kept.text : date.toISOString();
  },
};

/**
 * How dates are read: 'date' (the build, the admin) as Date objects, as Astro reads them; 'text'
 * (Decap CMS, whose date widgets take the text) as the string in the file.
 */
export type DateReading = 'date' | 'text';

const yamlOptions = (dates: DateReading) =>
  ({
    schema: 'core',
    customTags: dates === 'date' ? [timestamp] : [],
    // One line per value, never folded; quotes only where YAML needs them, single ones.
    lineWidth: 0,
    singleQuote: true,
  }) as const;

/**
 * The fields of a front matter's YAML text. Throws a FrontMatterError on anything but plain YAML
 * (a syntax error, an unknown tag, two fields of one name); `firstLine` is its first line in the file.
 */
export function parseFrontMatterYaml(
  yaml: string,
  dates: DateReading = 'date',
  firstLine = 2,
): Record<string, unknown> {
  const document = parseDocument(yaml, { ...yamlOptions(dates), prettyErrors: true });
  const problem = document.errors[0] ?? document.warnings[0];
  if (problem) {
    const at = problem.linePos?.[0]?.line;
    const reason = problem.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    throw new FrontMatterError(reason, at === undefined ? undefined : at + firstLine - 1);
  }
  const data: unknown = document.toJS();
  if (data === null || data === undefined) return {};
  if (typeof data !== 'object' || Array.isArray(data)) {
    throw new FrontMatterError(
      'the front matter must be a list of fields (title: ..., excerpt: ...)',
      undefined,
      true,
    );
  }
  return data as Record<string, unknown>;
}

/** The YAML text of `data` (with a final newline; '' for no fields): one line per value, never folded. */
export function stringifyFrontMatterYaml(data: Record<string, unknown>, dates: DateReading = 'date'): string {
  return Object.keys(data).length === 0 ? '' : stringify(data, yamlOptions(dates));
}

/**
 * True for a value that stands for "not given": a field left empty (`author:`, which YAML reads as
 * null), `author: ''`, or what Decap CMS leaves in a field the editor cleared. The build, the admin's
 * import and the CMS (src/lib/cms/entry.ts) all read such a field as one left out, so its default
 * applies (author Admin, the slug from the title) and a required one is named as missing.
 */
export function isClearedValue(value: unknown): boolean {
  return value === '' || value === null || value === undefined;
}

/** The fields without those left empty (isClearedValue). */
export function withoutClearedFields<T extends Record<string, unknown>>(data: T): T {
  return Object.fromEntries(Object.entries(data).filter(([, value]) => !isClearedValue(value))) as T;
}

/**
 * The fields with each tag as text: YAML reads `tags: [2025, Home]` as a number and a text, and a
 * tag is always text. The build, the admin's import and the CMS (which shows and saves each tag in a
 * text field) all read a post's tags through this.
 */
export function withTagsAsText<T extends Record<string, unknown>>(data: T): T {
  const { tags } = data;
  if (!Array.isArray(tags) || !tags.some((tag) => typeof tag === 'number')) return data;
  return { ...data, tags: tags.map((tag: unknown) => (typeof tag === 'number' ? String(tag) : tag)) };
}

export interface FrontMatter {
  /** The fields, as YAML read them. */
  data: Record<string, unknown>;
  /** The text after the closing '---'. */
  content: string;
  /** The front matter's own text, between the two '---' lines. */
  matter: string;
}

/**
 * Throws a FrontMatterError on front matter that is not YAML (or not valid YAML). A text without
 * front matter has no fields and is all content.
 */
export function readFrontMatter(text: string, dates: DateReading = 'date'): FrontMatter {
  const parts = splitPostFile(text);
  if (!parts) {
    if (/^\uFEFF?---[ \t]*[^\s-]/.test(text)) throw new FrontMatterError('front matter must be YAML');
    return { data: {}, content: text, matter: '' };
  }
  return {
    data: parseFrontMatterYaml(parts.frontMatter, dates),
    content: parts.body,
    matter: parts.frontMatter,
  };
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
  const yaml = stringifyFrontMatterYaml(data);
  const lines = comment.map((line) => `# ${line.replace(/[\r\n]+/g, ' ')}`.trimEnd());
  const text = body.endsWith('\n') ? body : `${body}\n`;
  if (!yaml && lines.length === 0) return text;
  return `---\n${yaml}${lines.map((line) => `${line}\n`).join('')}---\n${text}`;
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
