// The one recipe for a content picture (build time only: astro:assets). ResponsiveImage.astro renders
// it, and a page preloads its LCP picture from <head> with the same options, so the browser fetches
// that picture alongside the stylesheet instead of after it, and the URLs match the <img> exactly
// (Astro names each file after its options: any difference would download the picture twice).
import type { ImageMetadata } from 'astro';
import { getImage } from 'astro:assets';
import { HERO_IMAGE_SIZES, HERO_IMAGE_WIDE } from '../site/hero-picture';
import { IMAGE_WIDTHS, LARGEST_PICTURE_WIDTH as LARGEST, PICTURE_ENCODING } from '../site/picture-files';

export { IMAGE_WIDTHS, PICTURE_ENCODING };

export function responsiveImageOptions(src: ImageMetadata, sizes: string) {
  // The `src` fallback is the largest width the source allows; the srcset covers the rest (Astro
  // drops widths wider than the source and adds the source's own width instead).
  const width = Math.min(src.width, LARGEST);
  const height = Math.round((width * src.height) / src.width);
  return { src, widths: IMAGE_WIDTHS, sizes, width, height, ...PICTURE_ENCODING };
}

/** One copy at most 1200 px wide: the Open Graph image, and a post's featuredImage in the seed manifest. */
export async function singlePicture(src: ImageMetadata): Promise<string> {
  return (await getImage({ src, width: Math.min(LARGEST, src.width), ...PICTURE_ENCODING })).src;
}

/** What BaseLayout needs for <link rel="preload" as="image">; `media`: only on screens it matches. */
export interface ImagePreload {
  srcset: string;
  sizes: string;
  media?: string;
}

/** The preload of the picture beside a page's main heading: on wide screens only (HERO_IMAGE_WIDE). */
export async function heroImagePreload(src: ImageMetadata): Promise<ImagePreload> {
  const image = await getImage(responsiveImageOptions(src, HERO_IMAGE_SIZES));
  return { srcset: image.srcSet.attribute, sizes: HERO_IMAGE_SIZES, media: HERO_IMAGE_WIDE };
}
