// Every file the site serves that is not a page is inert (docs/security.md, "Files that are not
// pages"): opened on its own (an SVG picture, say), it runs no script and loads nothing, whatever it
// holds. Pages carry their own policy; this one is for everything else, and it is the one place
// both the build's dist/_headers (Netlify, Cloudflare Pages; securityHeaders) and `npm start`
// (server/inert-files.mjs) take it from. docs/deployment.md gives the same for nginx.
//
// The browser applies a response's Content-Security-Policy only to a document or a worker, never to
// a picture, style sheet, font, script or JSON file a page loads: so this policy does nothing to the
// pages that use these files, and everything to one opened directly. A worker is the exception: the
// service worker runs under its own response's policy, and `sandbox` or `default-src 'none'` would
// stop it from registering or from fetching the pages it keeps; it keeps the site's header policy.
import { readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * `sandbox`: an opaque origin with no script; `default-src 'none'`: nothing loaded, except what a
 * picture opened on its own needs to look right (its embedded pictures, its own styles, the site's
 * fonts). The header policy's own directives (frame-ancestors, object-src, base-uri, form-action) are
 * here too, stricter, so a host that keeps only the later of two matching policies loses nothing.
 */
export const INERT_FILE_POLICY = [
  'sandbox',
  "default-src 'none'",
  "img-src 'self' data:",
  "style-src 'unsafe-inline'",
  "font-src 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** The service worker's address (src/browser/service-worker.ts registers it): it keeps its policy. */
export const SERVICE_WORKER_PATH = '/sw.js';

/** Whether a file of the build is a page (HTML), which carries its own policy. */
export const isPageFile = (name) => /\.html?$/i.test(name);

async function holdsPages(directory) {
  for (const entry of await readdir(directory, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && isPageFile(entry.name)) return true;
  }
  return false;
}

/**
 * The `_headers` blocks that make this build's files that are not pages inert: each folder of the
 * build with no page in it (`/_astro/*`, `/icons/*`) and each file beside the pages at the top
 * (favicon, manifest, feeds), but not the service worker and not the host's own files (_headers,
 * _redirects). Written after the site-wide block, so they come last on every host.
 * @param {string} dist
 */
export async function inertFileBlocks(dist) {
  const patterns = [];
  for (const entry of await readdir(dist, { withFileTypes: true })) {
    const name = entry.name;
    if (name.startsWith('.') || (name.startsWith('_') && !entry.isDirectory())) continue;
    if (entry.isDirectory()) {
      if (!(await holdsPages(path.join(dist, name)))) patterns.push(`/${name}/*`);
    } else if (!isPageFile(name) && `/${name}` !== SERVICE_WORKER_PATH) {
      patterns.push(`/${name}`);
    }
  }
  patterns.sort();
  if (patterns.length === 0) return '';
  return (
    '\n# Files that are not pages: inert when opened on their own (src/integrations/inert-files.mjs).\n' +
    patterns.map((pattern) => `${pattern}\n  Content-Security-Policy: ${INERT_FILE_POLICY}\n`).join('\n')
  );
}
