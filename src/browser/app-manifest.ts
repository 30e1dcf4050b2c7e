// The web app manifest is only needed to install the site. Linked from the HTML, Chrome fetched it,
// and then the icon it names, while the page was loading: two more requests sharing a slow phone
// connection's first round trips with the stylesheet and the lead picture (over HTTP/1.1 a post's
// LCP went from 0.90 to 1.05 s in most Lighthouse runs). Linked a second after the page has loaded,
// they wait their turn; installing works as before (the service worker that offline reading needs is
// registered by a script too).
import { MANIFEST_PATH } from '@/lib/site/offline';

/** Adds the manifest link to <head>, once. */
export function linkAppManifest(): void {
  if (document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = MANIFEST_PATH;
  // With credentials, Chrome fetches it over the page's own connection; without, it opens a second
  // one (another handshake). The site sets no cookies.
  link.crossOrigin = 'use-credentials';
  document.head.append(link);
}

/**
 * How long after the load event the manifest is linked: past the paints that follow it (a large
 * picture can be decoded and painted some frames later), long before anyone installs the site.
 */
export const MANIFEST_DELAY_MS = 1000;

/** Links the manifest a moment after the page has loaded. */
export function linkAppManifestAfterLoad(): void {
  const later = () => setTimeout(() => linkAppManifest(), MANIFEST_DELAY_MS);
  if (document.readyState === 'complete') later();
  else addEventListener('load', later, { once: true });
}
