// `npm start`'s half of "every file that is not a page is inert" (src/integrations/inert-files.mjs
// has the policy and says why): the build's _headers already lists its folders and top-level files,
// and this covers whatever else the server sends that is not a page (a compressed copy beside a
// page, a file added to the build by hand), by the file actually served rather than by a list.
import { INERT_FILE_POLICY, isPageFile, SERVICE_WORKER_PATH } from '../src/integrations/inert-files.mjs';

/**
 * Gives the response the inert policy unless `servedFile` (the build's file as the static-file
 * handler found it, `/blog/index.html` for `/blog`, without a compressed copy's suffix) is a page or
 * the service worker.
 * @param {import('node:http').ServerResponse} res
 * @param {string} servedFile
 */
export function inertFileHeaders(res, servedFile) {
  if (servedFile === SERVICE_WORKER_PATH || isPageFile(servedFile)) return;
  res.setHeader('Content-Security-Policy', INERT_FILE_POLICY);
}
