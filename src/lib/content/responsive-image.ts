// The one recipe for a content picture (build time only: astro:assets). ResponsiveImage.astro renders
// it, and a page preloads its LCP picture from <head> with the same options, so the browser fetches
// that picture alongside the stylesheet instead of after it, and the URLs match the <img> exactly
// (Astro names each file after its options: any difference would download the picture twice).
import type { ImageMetadata } from 'astro';
import { getImage } from 'astro:assets';
import { IMAGE_WIDTHS, LARGEST_PICTURE_WIDTH as LARGEST, PICTURE_ENCODING } from '../site/picture-files';

export { IMAGE_WIDTHS, PICTURE_ENCODING };

/**
 * The picture beside a page's main heading (home, services, training): 520px beside the text on wide
 * screens, the full width under it on tablets, and 224px under it on phones. A phone then fetches a
 * 400 or 800 px copy instead of 800 or 1200, and sees the whole picture with the buttons above it;
 * the heading's text, not the picture, is what the page paints first. HERO_IMAGE_SIZES must describe
 * HERO_IMAGE_CLASS, or the browser picks a copy too small (blurred) or too large (slow). The phone
 * width is in px, not rem: the panel's text size scales the root font size, which `sizes` ignores.
 */
export const HERO_IMAGE_SIZES = '(min-width: 1024px) 520px, (min-width: 640px) 92vw, 224px';
export const HERO_IMAGE_CLASS = 'mx-auto w-[224px] rounded-3xl bg-surface-strong sm:w-full';

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

/** What BaseLayout needs for <link rel="preload" as="image">. */
export interface ImagePreload {
  srcset: string;
  sizes: string;
}

export async function imagePreload(src: ImageMetadata, sizes: string): Promise<ImagePreload> {
  const image = await getImage(responsiveImageOptions(src, sizes));
  return { srcset: image.srcSet.attribute, sizes };
}
