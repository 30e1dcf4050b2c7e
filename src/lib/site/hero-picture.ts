// The picture beside a page's main heading (home, services, training): how wide it is drawn, and where
// it is large enough to be what the page paints first. Plain TypeScript: the pages, the build's
// preload (src/lib/content/responsive-image.ts) and the end-to-end tests read it.

/**
 * 520px beside the text on wide screens, the full width under it on tablets, and 224px under it on
 * phones. A phone then fetches a 400 or 800 px copy instead of 800 or 1200, and sees the whole
 * picture with the buttons above it; the heading's text, not the picture, is what the page paints
 * first. HERO_IMAGE_SIZES must describe HERO_IMAGE_CLASS, or the browser picks a copy too small
 * (blurred) or too large (slow). The phone width is in px, not rem: the panel's text size scales the
 * root font size, which `sizes` ignores.
 */
export const HERO_IMAGE_SIZES = '(min-width: 1024px) 520px, (min-width: 640px) 92vw, 224px';
export const HERO_IMAGE_CLASS = 'mx-auto w-[224px] rounded-3xl bg-surface-strong sm:w-full';
/**
 * Where that picture is large (HERO_IMAGE_SIZES' 92vw and 520px) and may be what the page paints
 * first: only there does the page preload it at high priority. On a phone it is fetched at low
 * priority, after what the heading's text needs: there a high one made it count, in Lighthouse's
 * estimate, as a round trip the text waited for (docs/performance.md, lever 38).
 */
export const HERO_IMAGE_WIDE = '(min-width: 640px)';
