// The service worker, served as /sw.js (SPEC: service worker; docs/offline.md): keeps the pages a visitor
// opened readable offline. Bundled with the Workbox modules it imports by src/integrations/offline.mjs,
// which fills in PRECACHE (what the offline page needs). src/browser/service-worker.ts registers it and
// asks the visitor before a new version takes over.
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  precacheAndRoute,
  PrecacheFallbackPlugin,
  type PrecacheEntry,
} from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import {
  ASSETS_CACHE,
  BLOG_DATA_CACHE,
  NEVER_CACHED,
  OFFLINE_PATH,
  pageCacheKey,
  PAGES_CACHE,
  PICTURE_FILE,
  PICTURES_CACHE,
  REMOTE_PICTURES_CACHE,
} from '@/lib/site/offline';

/** Installed up front, written in by the build: the offline page, its scripts, the stylesheets. */
declare const PRECACHE: PrecacheEntry[];

// Only what this file uses of a worker's global scope (the "webworker" types would clash with the DOM's).
const worker = self as unknown as {
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
};

const DAY = 24 * 60 * 60;
const offlineFallback = () => new PrecacheFallbackPlugin({ fallbackURL: OFFLINE_PATH });
/**
 * This site's fingerprinted files (/_astro/): a name never changes its content, so the kept copy is
 * always right. Pictures and code have a cache each, with the same limits.
 */
const fingerprintedFiles = (cacheName: string) =>
  new CacheFirst({
    cacheName,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 60 * DAY, purgeOnQuotaError: true }),
    ],
  });

// The visitor agreed to load the new version (src/browser/update-prompt.ts): take over now.
worker.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void worker.skipWaiting();
});

precacheAndRoute(PRECACHE);
cleanupOutdatedCaches();

// The admin, its sign-in and the CMS always come from the network; offline, the offline page says so.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && NEVER_CACHED.test(url.pathname),
  new NetworkOnly({ plugins: [offlineFallback()] }),
);

// What the admin reads about the published posts must be current, never a kept copy.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === '/blog/manifest.json',
  new NetworkOnly(),
);

// Fetched by the blog search, not navigated to: without this rule a kept /blog lists its posts offline
// but cannot search them.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === '/blog/posts.json',
  new NetworkFirst({
    cacheName: BLOG_DATA_CACHE,
    networkTimeoutSeconds: 5,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 1, purgeOnQuotaError: true }),
    ],
  }),
);

// Every other page: the network first, so visitors see the current text; the copy kept from the last
// visit when the network fails or takes more than 5 s; the offline page for pages never opened.
// 404 answers are kept too: a post that lives only in this browser's store is shown by the 404 page.
// Each under its address without a trailing slash (pageCacheKey), where the host redirected to one.
registerRoute(
  ({ request }) => request.mode === 'navigate',
  new NetworkFirst({
    cacheName: PAGES_CACHE,
    networkTimeoutSeconds: 5,
    plugins: [
      { cacheKeyWillBeUsed: async ({ request }) => pageCacheKey(request.url) },
      new CacheableResponsePlugin({ statuses: [200, 404] }),
      new ExpirationPlugin({ maxEntries: 60, purgeOnQuotaError: true }),
      offlineFallback(),
    ],
  }),
);

// This site's pictures (fingerprinted, so the kept copy is always right), in their own cache so that
// pictures and code never push each other out. As many as the code's cache: the 60 kept pages are read
// with their pictures (src/lib/page/post-pictures.ts fetches those of a post's text), and 200 of the
// site's WebP copies weigh ~1 MB today, a few tens of MB were they all photographs.
registerRoute(
  ({ url, sameOrigin }) =>
    sameOrigin && url.pathname.startsWith('/_astro/') && PICTURE_FILE.test(url.pathname),
  fingerprintedFiles(PICTURES_CACHE),
);

// A picture from another site (an https address in a post's text): its content may change, so the
// network first, as pages; the kept copy offline. The answer is opaque (status 0: the picture's site
// does not say whether it is an error), and Chrome counts each opaque answer as several MB of the site's
// storage whatever its size: 20 of them, forgotten after 30 days without a read.
registerRoute(
  ({ request, url, sameOrigin }) =>
    !sameOrigin && request.destination === 'image' && url.protocol === 'https:',
  new NetworkFirst({
    cacheName: REMOTE_PICTURES_CACHE,
    networkTimeoutSeconds: 5,
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ maxEntries: 20, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }),
    ],
  }),
);

// The other fingerprinted files: scripts, styles, fonts.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/_astro/'),
  fingerprintedFiles(ASSETS_CACHE),
);
