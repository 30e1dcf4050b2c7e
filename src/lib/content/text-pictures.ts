// Pictures in a post's text (build time only: astro:assets). Astro's Markdown renderer marks each
// picture from the repository with a placeholder attribute and leaves it to render(), which the site
// does not use (every text is sanitised first: src/lib/text/sanitize.ts). This pass turns each
// placeholder into the same responsive WebP copies the featured images get, with width and height
// (no layout shift), lazy loading and the alt text as written; a decorative picture gets alt="".
// The rule for what a text may show is src/lib/text/post-body.ts, checked before rendering.
import type { ImageMetadata } from 'astro';
import { getImage } from 'astro:assets';
import { POST_TEXT_PICTURE_SIZES } from '../blog/posts';
import { POST_PICTURE_FOLDER, repositoryPictureName } from '../text/post-body';
import { DECORATIVE, isDecorative } from '../text/post-file';
import { escapeHtml } from '../text/escape-html';
import { responsiveImageOptions } from './responsive-image';

// Every picture file beside the posts, imported only when a post shows it.
const pictureFiles = import.meta.glob<ImageMetadata>(
  '/content/posts/images/*.{avif,gif,jpeg,jpg,png,svg,tif,tiff,webp,AVIF,GIF,JPEG,JPG,PNG,SVG,TIF,TIFF,WEBP}',
  { import: 'default' },
);

// What Astro's renderer writes for a picture from the repository (@astrojs/markdown-satteri):
// <img __ASTRO_IMAGE_="{&#x22;src&#x22;:&#x22;./images/a.svg&#x22;,&#x22;alt&#x22;:...,&#x22;index&#x22;:0}">
const PLACEHOLDER = /<img\b[^>]*?\s__ASTRO_IMAGE_="([^"]*)"[^>]*>/g;

interface Placeholder {
  src: string;
  alt?: string;
  title?: string;
}

const decodeAttribute = (value: string) =>
  value
    .replace(/&(?:#x22|#34|quot);/gi, '"')
    .replace(/&(?:#x27|#39|apos);/gi, "'")
    .replace(/&(?:#x3c|#60|lt);/gi, '<')
    .replace(/&(?:#x3e|#62|gt);/gi, '>')
    .replace(/&(?:#x26|#38|amp);/gi, '&');

export interface BuiltText {
  html: string;
  /** The site path of each built picture's src to the address the Markdown writes (the admin's export). */
  pictures: Record<string, string>;
}

/**
 * The post's rendered HTML with its repository pictures built. `post` names the post in a failure
 * ('content/posts/a.md'). The first picture loads at once when it opens a post without a featured
 * image (it is then on the first screen); every other one loads as the reader nears it.
 */
export async function withBuiltPictures(
  html: string,
  { post, hasLeadPicture }: { post: string; hasLeadPicture: boolean },
): Promise<BuiltText> {
  const pictures: Record<string, string> = {};
  const replacements = new Map<string, string>();
  let first = true;
  for (const [tag, attribute] of html.matchAll(PLACEHOLDER)) {
    let placeholder: Placeholder;
    try {
      placeholder = JSON.parse(decodeAttribute(attribute!)) as Placeholder;
    } catch {
      throw new Error(`${post}: a picture in the text could not be read (${tag.slice(0, 120)}).`);
    }
    const name = repositoryPictureName(placeholder.src);
    const load =
      name === undefined ? undefined : pictureFiles[`/content/posts/${POST_PICTURE_FOLDER}/${name}`];
    if (!load) {
      throw new Error(
        `${post}: the picture "${placeholder.src}": there is no such file in content/posts/${POST_PICTURE_FOLDER}.`,
      );
    }
    const image = await getImage(responsiveImageOptions(await load(), POST_TEXT_PICTURE_SIZES));
    const decorative = isDecorative(placeholder);
    const atOnce =
      first && !hasLeadPicture && html.slice(0, html.indexOf(tag)).search(/<\/p>|<\/h[2-6]>/) === -1;
    first = false;
    const attributes: Record<string, string> = {
      src: image.src,
      srcset: image.srcSet.attribute,
      sizes: POST_TEXT_PICTURE_SIZES,
      alt: decorative ? '' : (placeholder.alt ?? ''),
      width: String(image.attributes.width),
      height: String(image.attributes.height),
      loading: atOnce ? 'eager' : 'lazy',
      decoding: 'async',
    };
    if (placeholder.title && !decorative) attributes.title = placeholder.title;
    replacements.set(
      tag,
      `<img ${Object.entries(attributes)
        .map(([key, value]) => `${key}="${escapeHtml(value)}"`)
        .join(' ')}>`,
    );
    pictures[image.src] = placeholder.src;
  }
  return { html: html.replace(PLACEHOLDER, (tag) => replacements.get(tag) ?? tag), pictures };
}

/** A picture on the web marked decorative keeps no "decorative" title (its alt is already empty). */
export function withoutDecorativeTitles(html: string): string {
  return html.replace(new RegExp(`(<img\\b[^>]*?)\\stitle="\\s*${DECORATIVE}\\s*"`, 'gi'), '$1');
}
