// What the editor's Image button does with the address and alt text the admin types (issue 18), and
// the one rule a saved post's pictures follow: an address the site can show (https, or a path of this
// site: pictureAddressProblem in src/lib/text/url-check.ts) and alt text, or an empty alt only when
// the admin marked the picture decorative. The messages read like the link button's: what is wrong,
// then what to write.
import { PICTURE_ADDRESS_RULE, pictureAddressProblem } from '@/lib/text/url-check';

export const PICTURE_MESSAGES = {
  srcRequired: "Enter the picture's address, starting with https:// or with / for a picture on this site.",
  refused:
    'That address cannot be used for a picture. Pictures must start with https:// or be the address of a ' +
    'picture already on this website, starting with /. For a picture on your computer, choose its file instead.',
  http: "That address cannot be used for a picture: it starts with http://, which the site's pages block. Write https:// instead.",
  embedded:
    'That address cannot be used for a picture: data: and blob: addresses hold the picture itself and are not ' +
    "kept when the post is saved. Choose the picture's file from your computer instead, or enter its https:// address.",
  altRequired:
    'Describe the picture for people who cannot see it (for example: A visual schedule with five steps), ' +
    'or tick "Decorative picture".',
} as const;

export interface PictureFields {
  src: string;
  alt: string;
  decorative: boolean;
  /**
   * The address of a picture the post keeps itself ('./images/chart.webp', a file from the computer):
   * it takes the place of `src`, which is then not asked for.
   */
  file?: string | undefined;
}

export interface PictureAttributes {
  src: string;
  alt: string;
}

export type PictureInput =
  { ok: true; picture: PictureAttributes } | { ok: false; errors: Partial<Record<'src' | 'alt', string>> };

/** Why a picture's address cannot be used, as a sentence for the admin, or undefined. */
export function pictureAddressMessage(src: string): string | undefined {
  if (src === '') return PICTURE_MESSAGES.srcRequired;
  if (/^(data|blob):/i.test(src)) return PICTURE_MESSAGES.embedded;
  if (/^http:/i.test(src)) return PICTURE_MESSAGES.http;
  const problem = pictureAddressProblem(src);
  if (problem === undefined) return undefined;
  return problem === PICTURE_ADDRESS_RULE
    ? PICTURE_MESSAGES.refused
    : `That address cannot be used for a picture: it ${problem}.`;
}

/** The Image dialog's answer: the picture to insert, or a message for each field that is wrong. */
export function resolvePictureInput(fields: PictureFields): PictureInput {
  const src = fields.src.trim();
  const alt = fields.decorative ? '' : fields.alt.trim().replace(/\s+/g, ' ');
  const errors: Partial<Record<'src' | 'alt', string>> = {};
  if (fields.file) {
    return alt === '' && !fields.decorative
      ? { ok: false, errors: { alt: PICTURE_MESSAGES.altRequired } }
      : { ok: true, picture: { src: fields.file, alt } };
  }
  const srcProblem = pictureAddressMessage(src);
  if (srcProblem) errors.src = srcProblem;
  if (!fields.decorative && alt === '') errors.alt = PICTURE_MESSAGES.altRequired;
  return errors.src || errors.alt ? { ok: false, errors } : { ok: true, picture: { src, alt } };
}

/** The body of some HTML, parsed, never run (the admin's code runs in a browser: DOMParser). */
export function htmlBody(html: string): HTMLElement {
  return new DOMParser().parseFromString(html, 'text/html').body;
}

/**
 * Paragraphs that hold only pictures (Markdown's `![alt](src)` renders as <p><img></p>) become those
 * pictures: the editor's pictures are blocks, and it would read such a paragraph as an empty one
 * followed by the picture.
 */
export function unwrapPictureParagraphs(body: HTMLElement): void {
  for (const paragraph of [...body.querySelectorAll('p')]) {
    const children = [...paragraph.childNodes];
    const onlyPictures =
      children.some((child) => child.nodeName === 'IMG') &&
      children.every(
        (child) =>
          child.nodeName === 'IMG' ||
          child.nodeName === 'BR' ||
          (child.nodeType === 3 && (child.textContent ?? '').trim() === ''),
      );
    if (onlyPictures) paragraph.replaceWith(...paragraph.querySelectorAll('img'));
  }
}

/**
 * The pictures of a post's HTML given as a path of this site ('/_astro/x.webp', a file of public/),
 * each once. The build takes no such path from a Markdown file: publishing sends each file with the
 * post (src/lib/publish/pictures.ts), and the Markdown export refuses them (src/lib/admin/markdown.ts).
 */
export function sitePicturePaths(html: string): string[] {
  if (!/<img/i.test(html)) return [];
  const sources = [...htmlBody(html).querySelectorAll('img')].map((img) => img.getAttribute('src') ?? '');
  return [...new Set(sources.filter((src) => src.startsWith('/') && !src.startsWith('//')))];
}

/** A picture of some HTML that cannot be saved as it is, and why. */
export interface PictureProblem {
  src: string;
  message: string;
}

/** How a picture is named in a message: its file name, or its address when it has none. */
export function pictureName(src: string): string {
  // A data: address is the picture itself, thousands of characters long.
  const embedded = /^(data|blob):/i.exec(src);
  if (embedded) return `${embedded[1]!.toLowerCase()}:…`;
  const path = src.split(/[?#]/)[0] ?? src;
  const name = path.slice(path.lastIndexOf('/') + 1);
  return name || src;
}

/**
 * The pictures of a post's HTML that cannot be saved: without alt text (an empty alt, written
 * alt="", is a decorative picture), or with an address the site cannot show (a repository file
 * relative to the post passes: it came from a Markdown file).
 */
export function pictureProblems(html: string): PictureProblem[] {
  if (!/<img/i.test(html)) return [];
  return [...htmlBody(html).querySelectorAll('img')].flatMap((img) => {
    const src = img.getAttribute('src') ?? '';
    const name = pictureName(src);
    // A picture imported from content/posts may name its repository file ('./images/a.svg'):
    // the export and the publish write it back as it was.
    const repositoryFile = pictureAddressProblem(src, { repositoryFiles: true }) === undefined;
    const addressProblem = repositoryFile ? undefined : pictureAddressMessage(src);
    if (addressProblem) {
      return [{ src, message: `The picture “${name}” cannot be saved. ${addressProblem}` }];
    }
    if (!img.hasAttribute('alt')) {
      return [
        {
          src,
          message:
            `The picture “${name}” has no alt text. Select it, press Image and describe it, ` +
            'or tick "Decorative picture".',
        },
      ];
    }
    return [];
  });
}

/**
 * Pictures in HTML pasted into the editor: one whose address the site cannot show (http:, data:,
 * blob:, a path of another website) is left out and the message says why; one without alt text
 * goes in, and the message asks for its alt text (the post cannot be saved without it). Everything
 * else of the paste, and every alt text it has, is kept.
 */
export function checkPastedPictures(html: string): { html: string; message: string } {
  if (!/<img/i.test(html)) return { html, message: '' };
  const body = htmlBody(html);
  unwrapPictureParagraphs(body);
  const messages: string[] = [];
  for (const img of body.querySelectorAll('img')) {
    const src = img.getAttribute('src') ?? '';
    const name = pictureName(src);
    const problem = pictureAddressMessage(src);
    if (problem) {
      img.remove();
      messages.push(`The pasted picture “${name}” was left out. ${problem}`);
    } else if (!img.hasAttribute('alt')) {
      messages.push(
        `The pasted picture “${name}” has no alt text: select it, press Image and describe it, ` +
          'or tick "Decorative picture". The post cannot be saved until then.',
      );
    }
  }
  return { html: body.innerHTML, message: messages.join(' ') };
}
