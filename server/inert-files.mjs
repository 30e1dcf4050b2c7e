// `npm start`'s half of "every file that is not a page is inert" (src/integrations/inert-files.mjs
// has the policy and says why): the build's _headers already lists its folders and top-level files,
// and this covers whatever else the server sends that is not a page (a compressed copy beside a
// page, a file added to dist/ by hand), by the file actually served rather than by a list.
import { statSync } from 'node:fs';
import path from 'node:path';
import { INERT_FILE_POLICY, isPageFile, SERVICE_WORKER_PATH } from '../src/integrations/inert-files.mjs';

/**
 * For sirv's setHeaders: gives the response the inert policy unless `pathname` (as sirv found it
 * in `dist`) is a page or the service worker. A path that is not a file of `dist` as written was
 * found through an extension or an index (`/blog` is blog/index.html): a page.
 * @param {string} dist
 * @returns {(res: import('node:http').ServerResponse, pathname: string) => void}
 */
export function inertFileHeaders(dist) {
  return (res, pathname) => {
    if (pathname === SERVICE_WORKER_PATH) return;
    let file;
    try {
      file = statSync(path.join(dist, pathname)).isFile();
    } catch {
      file = false;
    }
    if (file && !isPageFile(pathname)) res.setHeader('Content-Security-Policy', INERT_FILE_POLICY);
  };
}
