// Pictures from the admin's computer (issue 35): the checks a chosen, pasted or dropped file passes
// before it goes into a post, and how the post keeps it. A picture is kept with its post in this
// browser (decision 0027): the post's `pictures` maps a local name ('chart.webp') to the picture as a
// data: address, and the text names it as a file beside the post ('./images/chart.webp'), the way a
// Markdown post names its repository pictures. Publishing and the Markdown export write the file as
// content/posts/images/<slug>-<name> (postPictureFileName, the one rule for picture file names).
import {
  MAX_PICTURE_BYTES,
  PICTURE_TYPES,
  PICTURE_TYPE_NAMES,
  megabytes,
  pictureStem,
  postPictureFileName,
} from '@/lib/site/picture-files';
import { isSvgName } from '@/lib/text/svg-rule';
import { htmlBody } from './picture-input';

/** A post's own pictures: local name -> 'data:image/webp;base64,...'. */
export type PostPictures = Readonly<Record<string, string>>;

/** Where the text names a post's own picture: './images/<local name>'. */
export const localPictureAddress = (key: string): string => `./images/${key}`;

const LOCAL_KEY = /^[a-z0-9][a-z0-9.-]{0,80}\.(?:avif|gif|jpg|png|svg|webp)$/;
const DATA_URL = /^data:(image\/[a-z+.-]+);base64,([A-Za-z0-9+/]*={0,2})$/;

/** The local name a picture's address names, when the post keeps that picture itself. */
export function localPictureKey(src: string, pictures: PostPictures | undefined): string | undefined {
  if (!pictures || !src.startsWith('./images/')) return undefined;
  const key = src.slice('./images/'.length);
  return Object.hasOwn(pictures, key) ? key : undefined;
}

/** The type and bytes of a kept picture's data: address, or undefined when it is not one of the site's pictures. */
export function readPictureDataUrl(dataUrl: string): { type: string; bytes: Uint8Array } | undefined {
  const match = DATA_URL.exec(dataUrl);
  if (!match || !PICTURE_TYPES[match[1]!]) return undefined;
  try {
    const binary = atob(match[2]!);
    const bytes = new Uint8Array(binary.length);
    for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
    return { type: match[1]!, bytes };
  } catch {
    return undefined;
  }
}

/** Whether a stored or restored value is a post's pictures (untrusted until checked: storage can be edited). */
export function isPostPictures(value: unknown): value is PostPictures {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.entries(value).every(
    ([key, dataUrl]) => LOCAL_KEY.test(key) && typeof dataUrl === 'string' && DATA_URL.test(dataUrl),
  );
}

/** The pictures a post's HTML names, each once: a picture taken out of the text is not kept. */
export function referencedPictures(html: string, pictures: PostPictures | undefined): Record<string, string> {
  const kept: Record<string, string> = {};
  if (!pictures) return kept;
  if (!/<img/i.test(html)) return kept;
  for (const img of htmlBody(html).querySelectorAll('img')) {
    const key = localPictureKey(img.getAttribute('src') ?? '', pictures);
    if (key) kept[key] = pictures[key]!;
  }
  return kept;
}

/** A free local name for a picture file: its name's stem and the extension of what is kept. */
export function newPictureKey(fileName: string, extension: string, taken: (key: string) => boolean): string {
  const stem = pictureStem(fileName) || 'picture';
  let key = `${stem}.${extension}`;
  for (let n = 2; taken(key); n += 1) key = `${stem}-${n}.${extension}`;
  return key;
}

const EXTENSION_TYPES: Readonly<Record<string, string>> = {
  ...Object.fromEntries(Object.entries(PICTURE_TYPES).map(([type, extension]) => [extension, type])),
  jpeg: 'image/jpeg',
};

/** The picture type of a file: the type the browser gives it, or its extension's when it gives none. */
export function pictureFileType(file: { name: string; type: string }): string | undefined {
  const declared = file.type.toLowerCase();
  if (declared) return PICTURE_TYPES[declared] ? declared : undefined;
  if (isSvgName(file.name)) return 'image/svg+xml';
  return EXTENSION_TYPES[/\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? ''];
}

/** An iPhone photo (HEIC or HEIF), by its type or its name (browsers often give it no type). */
const isHeic = (file: { name: string; type: string }) =>
  /^image\/hei[cf](?:-sequence)?$/i.test(file.type) || /\.hei[cf]$/i.test(file.name);

const named = (name: string) => `“${name.length > 60 ? `${name.slice(0, 57)}...` : name}”`;

/** Why a picture file cannot go into a post, in words, each ending with what to do. */
export const PICTURE_FILE_MESSAGES = {
  wrongType: (name: string) =>
    `The file ${named(name)} cannot be used: it is not a picture the site can show. Choose a ${PICTURE_TYPE_NAMES} file.`,
  tooBig: (name: string, size: number) =>
    `The picture ${named(name)} is ${megabytes(size)}, more than the ${megabytes(MAX_PICTURE_BYTES).replace('.0', '')} a picture may be. Choose a smaller copy of it.`,
  unreadable: (name: string) =>
    `The picture ${named(name)} could not be read: the file may be damaged or in a form this browser cannot open. Save it again as JPEG or PNG and choose it again.`,
  heic: (name: string) =>
    `The photo ${named(name)} cannot be used: it is in the iPhone's HEIC format, which web pages cannot show. Save or export it as a JPEG first (on a Mac: open it in Preview, then File, Export, JPEG), then choose the JPEG. An iPhone takes JPEG photos after Settings, Camera, Formats, “Most Compatible”.`,
  unsafeSvg: (name: string, problem: string) =>
    `The picture ${named(name)} cannot be used: ${problem}. Export it again as a plain picture (no scripts, links or embedded files), or use a PNG or WebP copy.`,
} as const;

/** The first check of a file, before it is read: its type and its size. */
export function pictureFileProblem(file: { name: string; type: string; size: number }): string | undefined {
  if (!pictureFileType(file)) {
    return isHeic(file) ? PICTURE_FILE_MESSAGES.heic(file.name) : PICTURE_FILE_MESSAGES.wrongType(file.name);
  }
  if (file.size > MAX_PICTURE_BYTES) return PICTURE_FILE_MESSAGES.tooBig(file.name, file.size);
  if (file.size === 0) return PICTURE_FILE_MESSAGES.unreadable(file.name);
  return undefined;
}

/** A post's own picture as a file beside it: 'calm-corner-chart.webp' in content/posts/images. */
export interface OwnPictureFile {
  /** The address in the post's text ('./images/chart.webp'). */
  src: string;
  /** The file name in content/posts/images (postPictureFileName). */
  file: string;
  type: string;
  bytes: Uint8Array;
}

/**
 * The post's own pictures its text names, as the files they become beside the post, each once; and
 * the addresses of any kept picture that cannot be read (storage changed by something else).
 */
export function ownPictureFiles(
  post: { slug: string; content: string; pictures?: PostPictures | undefined },
  taken: (file: string) => boolean = () => false,
): { files: OwnPictureFile[]; unreadable: string[] } {
  const files: OwnPictureFile[] = [];
  const unreadable: string[] = [];
  for (const [key, dataUrl] of Object.entries(referencedPictures(post.content, post.pictures))) {
    const src = localPictureAddress(key);
    const picture = readPictureDataUrl(dataUrl);
    if (!picture) {
      unreadable.push(src);
      continue;
    }
    const file = postPictureFileName(
      post.slug,
      key,
      PICTURE_TYPES[picture.type]!,
      (candidate) => taken(candidate) || files.some((other) => other.file === candidate),
    );
    files.push({ src, file, ...picture });
  }
  return { files, unreadable };
}

/**
 * A post's sanitised HTML with its own pictures shown: each './images/<name>' it keeps becomes its
 * data: address (which the sanitiser would drop, so this comes after it). Only pictures of the site's
 * types, as data: addresses, are ever set (isPostPictures): an <img> cannot run what an SVG holds.
 */
export function showOwnPictures(sanitizedHtml: string, pictures: unknown): string {
  if (!isPostPictures(pictures) || Object.keys(pictures).length === 0 || !/<img/i.test(sanitizedHtml)) {
    return sanitizedHtml;
  }
  const body = htmlBody(sanitizedHtml);
  for (const img of body.querySelectorAll('img')) {
    const key = localPictureKey(img.getAttribute('src') ?? '', pictures);
    if (key) img.setAttribute('src', pictures[key]!);
  }
  return body.innerHTML;
}

/** What a file input offers for pictures: the site's types and their extensions. */
export const PICTURE_FILE_ACCEPT = Object.entries(PICTURE_TYPES)
  .flatMap(([type, extension]) => [type, `.${extension}`])
  .concat('.jpeg')
  .join(',');

/**
 * The local name a backup's picture file goes back to. The export names a post's own picture
 * '<slug>-<local name>' (postPictureFileName), so 'calm-corner-chart.webp' of the post 'calm-corner'
 * is 'chart.webp' again, and the next export writes the same file name.
 */
export function backupPictureName(slug: string, file: string): string {
  const prefix = `${slug}-`;
  return file.startsWith(prefix) && file.length > prefix.length ? file.slice(prefix.length) : file;
}

/** The file names a post's text gives as pictures beside it ('./images/<file>'), each once. */
export function picturesBesidePost(html: string): string[] {
  if (!/<img/i.test(html)) return [];
  const names = new Set<string>();
  for (const img of htmlBody(html).querySelectorAll('img')) {
    const src = img.getAttribute('src') ?? '';
    if (src.startsWith('./images/') && !src.slice('./images/'.length).includes('/')) {
      names.add(src.slice('./images/'.length));
    }
  }
  return [...names];
}

/**
 * A post's text with the pictures brought back from a backup named as the post keeps them:
 * `names` maps a file name ('calm-corner-chart.webp') to the local name ('chart.webp').
 */
export function renamePicturesBesidePost(html: string, names: ReadonlyMap<string, string>): string {
  if (names.size === 0) return html;
  const body = htmlBody(html);
  for (const img of body.querySelectorAll('img')) {
    const file = (img.getAttribute('src') ?? '').slice('./images/'.length);
    const key = img.getAttribute('src')?.startsWith('./images/') ? names.get(file) : undefined;
    if (key) img.setAttribute('src', localPictureAddress(key));
  }
  return body.innerHTML;
}
