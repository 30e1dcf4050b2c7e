/**
 * Posts as Markdown files in the front-matter format of content/posts (title, excerpt, tags,
 * author, publishedAt, updatedAt, featuredImage, isDraft, slug), so the admin can download what
 * they wrote in the browser, commit it to git, and import such files back.
 *
 * Export writes the post's HTML as the body. Markdown allows HTML, so the file renders exactly as
 * the editor's output with nothing lost in a conversion, and it reads back unchanged. (Blank lines
 * would end an HTML block in Markdown; the only place the editor's HTML has them is inside <pre>,
 * where they are written as '&#10;', which is the same newline.)
 *
 * Import reads the front matter as YAML only (src/lib/text/post-file.ts: front matter in another
 * language, which some readers run as code, is refused) and renders the body with marked; a body that is
 * HTML passes through as it is. The result is sanitised like every other HTML. A file with a
 * problem gets a message naming the file and the field, and the caller imports nothing.
 *
 * Pictures are the exception to "HTML as the body": the build turns only Markdown pictures into
 * optimised ones (and takes a repository file only from them), so each picture block of the post is
 * written as `![alt](src "title")` between the HTML blocks, a decorative one (alt="") as
 * `![](src "decorative")`, and a picture that came from the repository with the file the Markdown
 * named (`source.pictures`). Import reads them back the same way.
 */
// zod/mini like every browser-side schema: the public forms share zod's chunk with the admin, so
// one full zod build here would grow what every visitor of a form downloads.
import * as z from 'zod/mini';
import { impossiblePostDays, practiceDateTimeText, toPostDate } from '@/lib/site/dates';
import { postFieldsAsWritten } from '@/lib/site/post-fields';
import type { Post } from '@/lib/db';
import { DEFAULT_AUTHOR, POST_LIMITS, SLUG_PATTERN, SLUG_RULE, TAGS_LIST_RULE } from '@/lib/blog/post-rules';
import { sanitizeHtml } from '@/lib/text/sanitize';
import { freePostSlug, slugFromTitle } from '@/lib/slug';
import { parseTags } from '@/lib/blog/tags';
import {
  isRelativeToFile,
  PICTURE_ADDRESS_RULE,
  pictureAddressProblem,
  repositoryPictureProblem,
} from '@/lib/text/url-check';
import {
  DECORATIVE,
  FrontMatterError,
  isDecorative,
  readFrontMatter,
  renderPostMarkdown,
  splitPostFile,
  writeFrontMatter,
} from '@/lib/text/post-file';
import { escapeHtml } from '@/lib/text/escape-html';
import { htmlBody, pictureName, sitePicturePaths } from './picture-input';
import { isImageAddress } from './post-form';
import type { SitePost } from './site-posts';

/** Larger files are refused: a post is text, and megabytes of it are a mistake. */
export const MAX_MARKDOWN_FILE_BYTES = 2 * 1024 * 1024;

/** A post read from a file, ready to store (its content sanitised). */
export interface ImportedPost {
  fileName: string;
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  tags: string[];
  author: string;
  featuredImage?: string;
  isDraft: boolean;
  publishedAt: Date;
  updatedAt: Date;
  /** Its own pictures, read back from a backup's picture files (useMarkdownTransfer.ts). */
  pictures?: Record<string, string>;
}

export type MarkdownParseResult = { ok: true; post: ImportedPost } | { ok: false; error: string };

/** 'visual-schedules.md', or the name of the site's file the post comes from. */
export function markdownFileName(post: Pick<Post, 'slug'>, site?: Pick<SitePost, 'source'>): string {
  return site?.source.file ?? `${post.slug}.md`;
}

function protectBlankLines(html: string): string {
  return html.replace(/\r\n?/g, '\n').replace(/\n(?=[ \t]*\n)/g, '&#10;');
}

const escapeMarkdownText = (text: string) => text.replace(/\s+/g, ' ').replace(/([\\[\]])/g, '\\$1');

/** A picture as Markdown; `pictures` maps a built address to the repository file it was made from. */
export function pictureToMarkdown(
  img: Pick<Element, 'getAttribute'>,
  pictures: Readonly<Record<string, string>> = {},
): string {
  const built = img.getAttribute('src') ?? '';
  const src = Object.hasOwn(pictures, built) ? pictures[built]! : built;
  const alt = img.getAttribute('alt') ?? '';
  const title =
    alt === '' && img.getAttribute('alt') !== null ? DECORATIVE : (img.getAttribute('title') ?? '');
  const destination = /[\s()<>]/.test(src) ? `<${src.replace(/[<>]/g, encodeURIComponent)}>` : src;
  const titlePart = title ? ` "${title.replace(/\s+/g, ' ').replace(/(["\\])/g, '\\$1')}"` : '';
  return `![${escapeMarkdownText(alt)}](${destination}${titlePart})`;
}

/**
 * Each picture marked as the build reads it (src/lib/text/post-body.ts): an empty alt text with the
 * title "decorative", which a picture that stays HTML (in a list, or among words) needs; alt text
 * without it. Written otherwise, the build stopped at the published file.
 */
function markDecorativePictures(body: HTMLElement): void {
  for (const img of body.querySelectorAll('img')) {
    const alt = img.getAttribute('alt');
    if (alt === null) continue; // no alt at all: the form refuses to save such a picture
    if (alt.trim() === '') img.setAttribute('title', DECORATIVE);
    else if (isDecorative({ title: img.getAttribute('title') })) img.removeAttribute('title');
  }
}

/** The one picture a top-level block is (an <img>, or a paragraph holding only pictures), if so. */
function picturesOfBlock(node: ChildNode): Element[] | undefined {
  if (node.nodeType !== 1) return undefined;
  const element = node as Element;
  if (element.localName === 'img') return [element];
  if (element.localName !== 'p' || !element.querySelector('img')) return undefined;
  const onlyPictures = [...element.childNodes].every(
    (child) =>
      (child.nodeType === 1 && (child as Element).localName === 'img') ||
      (child.nodeType === 3 && (child.textContent ?? '').trim() === '') ||
      (child.nodeType === 1 && (child as Element).localName === 'br'),
  );
  return onlyPictures ? [...element.querySelectorAll('img')] : undefined;
}

/**
 * The post's body: its HTML, with each picture block as a Markdown picture of its own (blank lines
 * end an HTML block, so the picture between them is read as Markdown). A picture inside a list or
 * a paragraph with text stays HTML.
 */
export function bodyToMarkdown(html: string, pictures: Readonly<Record<string, string>> = {}): string {
  if (!/<img/i.test(html)) return protectBlankLines(html);
  const blocks: string[] = [];
  let run = '';
  const endRun = () => {
    if (run.trim()) blocks.push(protectBlankLines(run.trim()));
    run = '';
  };
  const body = htmlBody(html);
  markDecorativePictures(body);
  for (const node of [...body.childNodes]) {
    const images = picturesOfBlock(node);
    if (!images) {
      run += node.nodeType === 1 ? (node as Element).outerHTML : escapeHtml(node.textContent ?? '');
      continue;
    }
    endRun();
    blocks.push(...images.map((img) => pictureToMarkdown(img, pictures)));
  }
  endRun();
  return blocks.join('\n\n');
}

/** The comment line that carries a browser post's image address (see postToMarkdown). */
const IMAGE_ADDRESS_COMMENT = /^#\s*featuredImage:\s*(\S+)\s*$/m;

function imageAddressComment(address: string): string[] {
  return [
    `featuredImage: ${address}`,
    '  The build takes featured images only from files in the repository: save this image next to',
    '  the post (for example ./images/name.webp) and write that path as featuredImage.',
  ];
}

/**
 * The post as a Markdown file for content/posts. A featured image that is a web address (all the
 * browser's posts have those) is written as a comment, not a field: the content schema takes only
 * image files from the repository, so the field would stop the build. Import reads it back.
 */
export function postToMarkdown(
  post: Post,
  site?: Omit<SitePost, 'changed'>,
  /** Picture addresses to write instead (a publish's uploads); the site post's own by default. */
  pictures: Readonly<Record<string, string>> | undefined = site?.source.pictures,
  /** The file's publishedAt when it is published for later ('2026-12-07T08:00:00-05:00'). */
  publishedAtText?: string,
): string {
  const data: Record<string, unknown> = {
    title: post.title,
    excerpt: post.excerpt,
    tags: [...post.tags],
    author: post.author || DEFAULT_AUTHOR,
    publishedAt: publishedAtText ?? practiceDateTimeText(new Date(post.publishedAt)),
    updatedAt: practiceDateTimeText(new Date(post.updatedAt)),
  };
  // A site post whose picture is unchanged keeps the repository file its front matter named.
  const sitePicture =
    site?.source.featuredImage && post.featuredImage === site.builtImage ? site.source : undefined;
  const image = sitePicture?.featuredImage ?? post.featuredImage?.trim();
  const repositoryFile =
    image !== undefined &&
    (sitePicture !== undefined || isRelativeToFile(image)) &&
    repositoryPictureProblem(image) === undefined;
  if (repositoryFile) data.featuredImage = image;
  if (sitePicture?.featuredImageAlt) data.featuredImageAlt = sitePicture.featuredImageAlt;
  data.isDraft = post.isDraft !== 0;
  data.slug = post.slug;
  const body = bodyToMarkdown(post.content.trim(), pictures);
  // Only an address the URL check accepts becomes a comment: one with a line break (from a store
  // written without the form's checks) would add a front-matter line of its own.
  const comment = !image || repositoryFile || !isImageAddress(image) ? [] : imageAddressComment(image);
  return writeFrontMatter(`${body}\n`, data, comment);
}

/**
 * Why the post cannot be exported as a file the build accepts, or undefined: a picture in its text
 * given as a path of this site (not one the site post's Markdown named: those are written back as
 * their repository files). The build cannot check such a path, so it would stop at the file;
 * publishing sends the picture with the post instead (src/lib/publish/pictures.ts).
 */
export function exportProblem(
  post: Pick<Post, 'title' | 'content'>,
  site?: Pick<SitePost, 'source'>,
): string | undefined {
  const written = site?.source.pictures ?? {};
  const paths = sitePicturePaths(post.content).filter((src) => !Object.hasOwn(written, src));
  if (paths.length === 0) return undefined;
  const names = paths.map((src) => `“${pictureName(src)}”`).join(', ');
  const these = paths.length === 1 ? 'The picture' : 'The pictures';
  return (
    `“${post.title}”: ${these} ${names} ${paths.length === 1 ? 'is a file' : 'are files'} of this site, ` +
    'which a Markdown file cannot take with it, so the build would refuse the file. ' +
    'Use “Publish to website”, which sends the pictures with the post, ' +
    'or select each picture, press Image and give it an https:// address.'
  );
}

// Never a number: YAML reads 20250105 as one, which is no date (the build's schema refuses it too).
const dateField = z.pipe(
  z.union([z.date(), z.string()], { error: 'is not a date (write it like 2025-01-05)' }),
  z.transform((value, context) => {
    try {
      return toPostDate(value);
    } catch {
      context.issues.push({
        code: 'custom',
        message: 'is not a date (write it like 2025-01-05)',
        input: value,
      });
      return z.NEVER;
    }
  }),
);

const boundedText = (max: number) =>
  z
    .string({ error: 'must be text' })
    .check(
      z.trim(),
      z.minLength(1, { error: 'is required' }),
      z.maxLength(max, { error: `must not exceed ${max} characters` }),
    );

/**
 * What the URL check says of an imported featuredImage (src/lib/text/url-check.ts): an https address, a
 * path on this site, or a picture file of the repository relative to the post. Not trimmed: a line
 * break around the address is refused, not hidden.
 */
function importedImageProblem(value: string): string | undefined {
  const problem = pictureAddressProblem(value, { repositoryFiles: true });
  if (problem === undefined || repositoryPictureProblem(value) === undefined) return undefined;
  return problem === PICTURE_ADDRESS_RULE
    ? `${problem}, or be a picture file next to the post (./images/name.webp)`
    : problem;
}

const frontMatterSchema = z.strictObject({
  title: boundedText(POST_LIMITS.title),
  excerpt: boundedText(POST_LIMITS.excerpt),
  tags: z
    .pipe(
      z.optional(z.array(z.string({ error: 'must be text' }), { error: TAGS_LIST_RULE })),
      z.transform((value) => (value === undefined ? [] : parseTags(value))),
    )
    .check(
      z.refine((tags: string[]) => tags.every((tag) => tag.length <= POST_LIMITS.tag), {
        error: `must be words of at most ${POST_LIMITS.tag} characters`,
      }),
    ),
  // At most what the build's schema takes: a longer one was imported, then published, and the
  // site's next build stopped at the file.
  author: z.optional(
    z
      .string({ error: 'must be text' })
      .check(
        z.trim(),
        z.maxLength(POST_LIMITS.author, { error: `must not exceed ${POST_LIMITS.author} characters` }),
      ),
  ),
  publishedAt: z.optional(dateField),
  updatedAt: z.optional(dateField),
  featuredImage: z.optional(
    z.pipe(
      z.string({ error: 'must be an image address' }).check(
        z.refine((value) => importedImageProblem(value) === undefined, {
          error: (issue) => importedImageProblem(String(issue.input)) ?? '',
        }),
      ),
      // Decap CMS writes a post's picture as images/name.svg; the admin keeps it as ./images/name.svg.
      z.transform((value) => (isImageAddress(value) ? value : `./${value}`)),
    ),
  ),
  /** Written by the git workflow for its images; browser posts have no use for it. */
  featuredImageAlt: z.optional(
    z.string({ error: 'must be text' }).check(
      z.trim(),
      z.maxLength(POST_LIMITS.featuredImageAlt, {
        error: `must not exceed ${POST_LIMITS.featuredImageAlt} characters`,
      }),
    ),
  ),
  isDraft: z.optional(z.boolean({ error: 'must be true or false' })),
  // As the build reads it: a file whose slug the build refuses is refused, not read as another slug.
  slug: z.optional(
    z.string({ error: 'must be text' }).check(z.trim(), z.regex(SLUG_PATTERN, { error: SLUG_RULE })),
  ),
});

function describeIssue(issue: z.core.$ZodIssue, data: unknown): string {
  if (issue.code === 'unrecognized_keys') {
    return `${issue.keys.map((key) => `"${key}"`).join(', ')} ${issue.keys.length === 1 ? 'is not a post field' : 'are not post fields'}`;
  }
  const field = issue.path.map(String).join('.');
  if (!field) return 'the front matter must be a list of fields (title: ..., excerpt: ...)';
  const value = (data as Record<string, unknown>)[String(issue.path[0])];
  if (issue.code === 'invalid_type' && value === undefined) return `field "${field}" is required`;
  return `field "${field}" ${issue.message}`;
}

/**
 * Reads one file. `now` dates a post whose file has no publishedAt. Never throws: a problem is
 * returned as a message that starts with the file's name.
 */
export function parseMarkdownPost(
  fileName: string,
  text: string,
  now: Date = new Date(),
): MarkdownParseResult {
  const fail = (problem: string): MarkdownParseResult => ({ ok: false, error: `${fileName}: ${problem}.` });
  if (new TextEncoder().encode(text).length > MAX_MARKDOWN_FILE_BYTES) {
    return fail('the file is larger than 2 MB');
  }
  const source = text.replace(/^\uFEFF/, '');
  if (!splitPostFile(source)) {
    return fail('the file does not start with front matter (the fields between two "---" lines)');
  }

  let parsed: { data: Record<string, unknown>; content: string; matter: string };
  try {
    parsed = readFrontMatter(source);
  } catch (error) {
    const { reason, line, notFields } =
      error instanceof FrontMatterError ? error : { reason: '', line: undefined, notFields: false };
    if (notFields) return fail(reason);
    const where = line === undefined ? '' : ` (line ${line} of the file)`;
    return fail(`the front matter is not valid YAML${where}${reason ? `: ${reason}` : ''}`);
  }

  // Every problem of the file at once, so one round of corrections is enough. Days are checked on
  // the text: YAML has already rolled a day like 2025-02-30 over to March 2.
  const impossibleDays = impossiblePostDays(parsed.matter);
  // As the build reads them (postFieldsAsWritten).
  const fields = postFieldsAsWritten(parsed.data, parsed.matter);
  const result = frontMatterSchema.safeParse(fields);
  const problems = [
    ...(impossibleDays ? [impossibleDays] : []),
    ...(result.success ? [] : result.error.issues.map((issue) => describeIssue(issue, fields))),
  ];
  if (problems.length > 0 || !result.success) return fail(problems.join('; '));
  const data = result.data;

  let html: string;
  try {
    html = renderPostMarkdown(parsed.content);
  } catch {
    return fail('the text after the front matter could not be read as Markdown');
  }

  const publishedAt = data.publishedAt ?? now;
  const post: ImportedPost = {
    fileName,
    slug: freePostSlug(slugFromTitle(data.slug || data.title)),
    title: data.title,
    excerpt: data.excerpt,
    content: sanitizeHtml(html.trim()),
    tags: data.tags,
    author: data.author || DEFAULT_AUTHOR,
    isDraft: data.isDraft ?? false,
    publishedAt,
    updatedAt: data.updatedAt ?? publishedAt,
  };
  const imageAddress = IMAGE_ADDRESS_COMMENT.exec(parsed.matter)?.[1];
  const image =
    data.featuredImage || (imageAddress && isImageAddress(imageAddress) ? imageAddress : undefined);
  if (image) post.featuredImage = image;
  return { ok: true, post };
}

export type MarkdownBatchResult = { ok: true; posts: ImportedPost[] } | { ok: false; errors: string[] };

/**
 * Reads every file; any problem (in a file, or two files giving the same address) fails the whole
 * batch with one message per problem, so an import is all or nothing.
 */
export function parseMarkdownFiles(
  files: ReadonlyArray<{ name: string; text: string }>,
  now: Date = new Date(),
): MarkdownBatchResult {
  const errors: string[] = [];
  const posts: ImportedPost[] = [];
  const bySlug = new Map<string, string>();
  for (const file of files) {
    const result = parseMarkdownPost(file.name, file.text, now);
    if (!result.ok) {
      errors.push(result.error);
      continue;
    }
    const earlier = bySlug.get(result.post.slug);
    if (earlier) {
      errors.push(`${file.name}: its address (slug "${result.post.slug}") is the same as ${earlier}'s.`);
      continue;
    }
    bySlug.set(result.post.slug, file.name);
    posts.push(result.post);
  }
  if (files.length === 0) errors.push('No files were chosen.');
  return errors.length > 0 ? { ok: false, errors } : { ok: true, posts };
}
