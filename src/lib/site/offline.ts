// Offline reading (SPEC: service worker): names and rules the service worker (src/browser/offline-worker.ts),
// its build step (src/integrations/offline.mjs) and the page script (src/browser/service-worker.ts) share.

/** Pages a visitor opened: network first, this copy when the network fails. */
export const PAGES_CACHE = 'pages';
/** Fingerprinted files under /_astro/ other than pictures (scripts, styles, fonts): they never change. */
export const ASSETS_CACHE = 'assets';
/**
 * This site's pictures (the optimised copies under /_astro/, fingerprinted too), apart from the code so
 * that reading many posts never pushes out the code a kept page needs, nor the other way round.
 */
export const PICTURES_CACHE = 'pictures';
/** Pictures a post shows from other sites (an https address in its text): opaque, so kept few. */
export const REMOTE_PICTURES_CACHE = 'remote-pictures';
/** A picture among the fingerprinted files: by its name, as Astro writes it. */
// Written out, not built from src/lib/text/url-check.ts's list: the page script imports this file, and a
// module it shared with the islands would become a second script file of every page (decision 0007).
// tests/unit/url-check.test.ts checks it against the list.
export const PICTURE_FILE = /\.(?:avif|gif|jpe?g|png|svg|webp)$/i;
/** The blog search's card list (/blog/posts.json), so a kept /blog can still be searched offline. */
export const BLOG_DATA_CACHE = 'blog-data';
/**
 * The key a page is kept under in PAGES_CACHE: its address without a trailing slash (but `/`) or
 * fragment. Cloudflare Pages (and any host that adds the slash) answers `/training` with a redirect
 * to `/training/`, the folder's index.html, while every link, canonical address and the sitemap say
 * `/training`: kept under the address it was last fetched at, a page the visitor had read was not
 * found offline by the link that led to it.
 */
export function pageCacheKey(url: string): string {
  const key = new URL(url);
  key.hash = '';
  if (key.pathname.length > 1) key.pathname = key.pathname.replace(/\/+$/, '') || '/';
  return key.href;
}
/** Shown for a page that was never opened while the visitor is offline. */
export const OFFLINE_PATH = '/offline';
/** Pages that are never kept, so never shown stale: the admin, its sign-in and the CMS. */
export const NEVER_CACHED = /^\/(?:admin|login|cms)(?:\/|$)/;
/** The brand colour of src/styles/global.css: browser toolbar and installed-app splash screen. */
export const THEME_COLOR = '#0b6b63';
/** The web app manifest the build writes (src/integrations/offline.mjs), linked by src/browser/app-manifest.ts. */
export const MANIFEST_PATH = '/manifest.webmanifest';
