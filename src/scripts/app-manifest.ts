// The web app manifest is only needed to install the site. Linked from the HTML, Chrome fetched it,
// and then the icon it names, while the page was loading: two more requests sharing a slow phone
// connection's first round trips with the stylesheet and the lead picture (over HTTP/1.1 a post's
// LCP went from 0.90 to 1.05 s in most Lighthouse runs). Linked once the page has painted, they
// wait their turn; installing works as before (the service worker that offline reading needs is
// registered by a script too).
import { MANIFEST_PATH } from '@/lib/offline';

/** Adds the manifest link to <head>, once. */
export function linkAppManifest(doc: Document = document): void {
  if (doc.querySelector('link[rel="manifest"]')) return;
  const link = doc.createElement('link');
  link.rel = 'manifest';
  link.href = MANIFEST_PATH;
  // With credentials, Chrome fetches it over the page's own connection; without, it opens a second
  // one (another handshake). The site sets no cookies.
  link.crossOrigin = 'use-credentials';
  doc.head.append(link);
}

/** Links the manifest after the load event and the frame painted after it (the lead picture's). */
export function linkAppManifestAfterPaint(): void {
  const afterNextPaint = () => requestAnimationFrame(() => requestAnimationFrame(() => linkAppManifest()));
  if (document.readyState === 'complete') afterNextPaint();
  else addEventListener('load', afterNextPaint, { once: true });
}
