// The rule for pictures in a post's (or a service page's) text, checked where the text is written
// (the build: src/content.config.ts; Decap CMS: src/lib/cms/validation.ts) so that a mistake stops
// with a message naming the picture, never with a broken or unlabelled picture on the site.
//
// A post's text may show a picture from the repository, a file in content/posts/images written
// relative to the post (`![Alt](./images/name.jpg)`), which the build turns into responsive WebP
// copies (src/lib/content/text-pictures.ts), or a picture on the web (https). Every picture needs
// alt text; a purely decorative one is written with empty alt text and the title "decorative":
// `![](./images/divider.svg "decorative")`. Service pages keep to web pictures (their own picture
// goes in heroImage). The Markdown is read by marked, as a Markdown renderer reads it: code blocks
// are text, and reference-style pictures (`![Alt][ref]`) count too.

import type { Token, Tokens } from 'marked';
import { DECORATIVE, isDecorative, postMarkdownTokens, walkPostMarkdown } from './post-file';
import {
  pictureAddressProblem,
  pictureFilePattern,
  readAddress,
  REPOSITORY_PICTURE_EXTENSIONS,
} from './url-check';

/** Where repository pictures of a post live, relative to the post's file. */
export const POST_PICTURE_FOLDER = 'images';

/** File types astro:assets turns into WebP copies. */
const PICTURE_FILE = pictureFilePattern(REPOSITORY_PICTURE_EXTENSIONS);

export interface TextPicture {
  /** The address as written: './images/name.jpg', 'https://...'. */
  address: string;
  /** The alt text as written (Markdown emphasis included); '' when there is none. */
  alt: string;
  title?: string | undefined;
  /** 'html' for an <img> tag written in the Markdown. */
  syntax: 'markdown' | 'html';
}

// Bounded repeats keep each match short (text such as '<img ' repeated without '>').
const HTML_PICTURE = /<img\b[^>]{0,2000}>?/gi;
const htmlAttribute = (tag: string, name: string): string | undefined => {
  const match = new RegExp(
    `\\s${name}\\s*=\\s*(?:"([^"]{0,2000})"|'([^']{0,2000})'|([^\\s"'>]{1,2000}))`,
    'i',
  ).exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3] ?? '') : undefined;
};

/** Every picture in a Markdown text, in reading order (code blocks and code spans excluded). */
export function picturesInText(markdown: string): TextPicture[] {
  const pictures: TextPicture[] = [];
  walkPostMarkdown(postMarkdownTokens(markdown), (token: Token) => {
    if (token.type === 'image') {
      const image = token as Tokens.Image;
      pictures.push({
        address: image.href,
        alt: image.text,
        title: image.title ?? undefined,
        syntax: 'markdown',
      });
    } else if (token.type === 'html') {
      for (const [tag] of (token as Tokens.HTML).text.matchAll(HTML_PICTURE)) {
        pictures.push({
          address: htmlAttribute(tag, 'src') ?? '',
          alt: htmlAttribute(tag, 'alt') ?? '',
          title: htmlAttribute(tag, 'title'),
          syntax: 'html',
        });
      }
    }
  });
  return pictures;
}

/** Where a text's pictures are checked: a post's text, or a service page's. */
export interface PictureRule {
  text: string;
  ownPicture: string;
  /** Whether the text may show pictures from the repository (content/posts/images). */
  repositoryPictures: boolean;
}

export const POST_PICTURES: PictureRule = {
  text: "a post's text",
  ownPicture: "the post's own picture goes in featuredImage",
  repositoryPictures: true,
};

export const SERVICE_PICTURES: PictureRule = {
  text: "a service page's text",
  ownPicture: "the page's own picture goes in heroImage",
  repositoryPictures: false,
};

export const PAGE_PICTURES: PictureRule = {
  text: "a page's text",
  ownPicture: 'a text page has no picture of its own',
  repositoryPictures: false,
};

/**
 * The path inside content/posts/images of a repository picture's address ('./images/a.jpg' and
 * 'images/a.jpg', as Decap CMS writes it, give 'a.jpg'), or undefined when the address is not one.
 */
export function repositoryPictureName(address: string): string | undefined {
  const match = /^(?:\.\/)?images\/([^/?#]+)$/.exec(address);
  return match && PICTURE_FILE.test(match[1]!) ? match[1] : undefined;
}

/** Why the picture's address cannot be shown, or undefined. */
function addressProblem(picture: TextPicture, rule: PictureRule): string | undefined {
  const { address } = picture;
  const read = readAddress(address);
  if (read.ok && read.kind === 'absolute') {
    const problem = pictureAddressProblem(address);
    return problem ? `its address ${problem}` : undefined;
  }
  if (!rule.repositoryPictures || picture.syntax === 'html') {
    const where = rule.repositoryPictures
      ? 'a picture written as an HTML <img> tag must be a web address starting with https://; write a picture from the repository as ![Alt text](./images/name.jpg)'
      : `a picture in ${rule.text} must be a web address starting with https://; ${rule.ownPicture}`;
    return read.ok ? where : `its address ${read.problem}`;
  }
  if (!read.ok) return `its address ${read.problem}`;
  if (read.kind === 'site-path') {
    return 'a path of the website cannot be checked by the build: put the file in content/posts/images and write ./images/name.jpg, or use a web address starting with https://';
  }
  if (repositoryPictureName(address) === undefined) {
    return PICTURE_FILE.test(address.replace(/[?#].*$/, ''))
      ? 'a picture from the repository must be a file in content/posts/images, written ./images/name.jpg'
      : `it is not a picture file (${REPOSITORY_PICTURE_EXTENSIONS.map((extension) => `.${extension}`).join(', ')})`;
  }
  return undefined;
}

function altProblem(picture: TextPicture): string | undefined {
  const hasAlt = picture.alt.trim() !== '';
  if (isDecorative(picture)) {
    return hasAlt ? `it is marked "${DECORATIVE}" but has alt text: keep one of the two` : undefined;
  }
  if (hasAlt) return undefined;
  return picture.syntax === 'html'
    ? `it has no alt text: describe it in alt="...", or mark a decorative picture with alt="" title="${DECORATIVE}"`
    : `it has no alt text: describe it between the brackets, ![A child's picture schedule](...), or mark a decorative picture ![](... "${DECORATIVE}")`;
}

export interface PictureCheckOptions {
  /** Whether a repository picture's file exists (the build knows; Decap's editor does not). */
  fileExists?: (name: string) => boolean;
}

/** What is wrong with each picture of the text, one line per picture ('"./images/a.jpg": ...'). */
export function pictureProblems(
  markdown: string,
  rule: PictureRule = POST_PICTURES,
  { fileExists }: PictureCheckOptions = {},
): string[] {
  const problems: string[] = [];
  for (const picture of picturesInText(markdown)) {
    let problem = addressProblem(picture, rule) ?? altProblem(picture);
    const name = repositoryPictureName(picture.address);
    if (!problem && name !== undefined && fileExists && !fileExists(name)) {
      problem = `there is no file ${name} in content/posts/${POST_PICTURE_FOLDER}`;
    }
    if (problem) problems.push(`the picture "${picture.address || '(no address)'}": ${problem}`);
  }
  return problems;
}

/** The build's (and the CMS's) message for the text's pictures, or undefined when all can be shown. */
export function picturesProblem(
  markdown: string,
  rule: PictureRule = POST_PICTURES,
  options: PictureCheckOptions = {},
): string | undefined {
  const problems = pictureProblems(markdown, rule, options);
  return problems.length > 0 ? problems.join('; ') : undefined;
}
