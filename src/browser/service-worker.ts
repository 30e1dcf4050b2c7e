// Registers the service worker that keeps opened pages readable offline (src/integrations/offline.mjs)
// and, when a new version of the site is waiting, asks the visitor before switching to it (SPEC:
// service worker). Loads on every page, so it stays small: no workbox-window, no framework.
import {
  ASSETS_CACHE,
  NEVER_CACHED,
  pageCacheKey,
  PAGES_CACHE,
  PICTURE_FILE,
  PICTURES_CACHE,
} from '@/lib/site/offline';
import { askToReload, forgetAcceptedUpdate } from './update-prompt';

/**
 * The page a visitor is reading when the worker is first installed was loaded before the worker
 * existed, so the worker never saw it: keep it and the files it used, like every later page.
 */
async function keepFirstPage(): Promise<void> {
  if (NEVER_CACHED.test(location.pathname)) return;
  const assets = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin && url.pathname.startsWith('/_astro/'))
    .map((url) => url.href);
  // Under the key the worker reads it by (pageCacheKey: `/training` where the host served `/training/`).
  const response = await fetch(location.pathname + location.search);
  if (!response.ok) throw new Error(`${location.pathname}: ${response.status}`);
  await (await caches.open(PAGES_CACHE)).put(pageCacheKey(location.href), response);
  // Each in the cache the worker uses for it.
  const pictures = assets.filter((href) => PICTURE_FILE.test(href));
  await (await caches.open(PICTURES_CACHE)).addAll(pictures);
  await (await caches.open(ASSETS_CACHE)).addAll(assets.filter((href) => !pictures.includes(href)));
}

export function registerServiceWorker(): void {
  // Secure hosts only (https, and localhost for development): browsers refuse workers elsewhere anyway.
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  const workers = navigator.serviceWorker;
  const firstInstall = !workers.controller;
  const register = async () => {
    const registration = await workers.register('/sw.js', { scope: '/' });
    const whenInstalled = (worker: ServiceWorker | null) =>
      worker?.addEventListener('statechange', () => {
        if (worker.state === 'installed' && workers.controller) askToReload(worker);
      });
    if (registration.waiting && workers.controller) askToReload(registration.waiting);
    else if (!registration.waiting) forgetAcceptedUpdate();
    whenInstalled(registration.installing);
    registration.addEventListener('updatefound', () => whenInstalled(registration.installing));
    if (firstInstall) {
      await workers.ready;
      await keepFirstPage();
    }
  };
  const start = () => void register().catch(() => {}); // without a worker the site works as before
  if (document.readyState === 'complete') start();
  else addEventListener('load', start, { once: true });
}
