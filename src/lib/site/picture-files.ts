// What the site does with a picture file, wherever the file comes from (the build, Decap CMS, the
// admin's pictures from the computer, the admin's publishing): the picture types it takes, the widths
// it shows a picture at, the largest file a post's picture may be, and the one rule for the name a
// post's picture gets in content/posts/images. Plain TypeScript: it runs in the build and the browser.
import { uniqueSlug } from '@/lib/slug';
import { WEB_PICTURE_TYPES } from '@/lib/text/url-check';

/** The WebP widths of the spec: every built content picture has these copies (src/lib/content/responsive-image.ts). */
export const IMAGE_WIDTHS = [200, 400, 800, 1200];

/** The widest the site ever shows a picture: a wider file only costs storage and upload time. */
export const LARGEST_PICTURE_WIDTH = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;

/** How every raster copy of a picture is encoded (cards, lead pictures, sharing images). */
export const PICTURE_ENCODING = { format: 'webp', quality: 80 } as const;

/** The picture types a post's picture may be, each with the extension its file is written with (the one list, url-check.ts). */
export const PICTURE_TYPES: Readonly<Record<string, string>> = WEB_PICTURE_TYPES;

/** The types in words, for messages: 'JPEG, PNG, WebP, AVIF, GIF or SVG'. */
export const PICTURE_TYPE_NAMES = 'JPEG, PNG, WebP, AVIF, GIF or SVG';

/** Larger pictures are refused: GitHub's contents API, this browser's storage and a page all suffer from them. */
export const MAX_PICTURE_BYTES = 10 * 1024 * 1024;

/** '10 MB': how a size is said in messages. */
export const megabytes = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A file name's stem as a post's picture names it: lowercase letters, digits, dots and dashes. */
export function pictureStem(name: string): string {
  return name
    .replace(/\.[a-z0-9]+$/i, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 60)
    .replace(/[-.]+$/, '');
}

/**
 * The one rule for a post's picture file in content/posts/images: '<slug>-<stem>.<ext>' ('calm-corner-
 * chart.webp'), with -2, -3... when `taken` already has that name.
 */
export function postPictureFileName(
  slug: string,
  name: string,
  extension: string,
  taken: (file: string) => boolean = () => false,
): string {
  const stem = `${slug}-${pictureStem(name) || 'picture'}`;
  // Collisions are settled as two posts with one slug are (src/lib/slug.ts).
  return `${uniqueSlug(stem, (candidate) => taken(`${candidate}.${extension}`))}.${extension}`;
}

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

/**
 * Whether a file's first bytes are those of a picture the build can read (JPEG, PNG, GIF, WebP,
 * AVIF, TIFF, or SVG text): a text file renamed .jpg stopped the build with an error of Astro's that
 * named neither the post nor the field. 64 bytes of the start are enough (1 KB for an SVG's text).
 */
export function looksLikePicture(start: Uint8Array): boolean {
  const b = start;
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return true; // JPEG
  if (ascii(b, 0, 8) === '\x89PNG\r\n\x1a\n') return true;
  if (/^GIF8[79]a/.test(ascii(b, 0, 6))) return true;
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return true;
  if (ascii(b, 4, 8) === 'ftyp' && /^(?:avif|avis|mif1|msf1)$/.test(ascii(b, 8, 12))) return true; // AVIF
  if (ascii(b, 0, 4) === 'II*\0' || ascii(b, 0, 4) === 'MM\0*') return true; // TIFF
  return /<svg[\s>/]/i.test(new TextDecoder('utf-8', { fatal: false }).decode(b.subarray(0, 1024)));
}
