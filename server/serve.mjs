// `npm start` serves the production build in dist/ the way the documented static hosts do:
// public/_redirects rewrites, public/_headers headers, the 404 page with status 404, compression.
// Files are served by sirv (maintained static-file handler), not by code of ours.
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compression from 'compression';
import sirv from 'sirv';
import { DEV_COLLECTOR } from '../scripts/build-env.mjs';
import { createDevCollector } from './dev-collector.mjs';
import { loadFormHandler } from './forms.mjs';
import { headersFor, matchRedirect, parseHeaders, parseRedirects } from './host-rules.mjs';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
// DIST_DIR: another build folder (the mail end-to-end test serves its own build beside dist/).
const dist = path.resolve(root, process.env.DIST_DIR || 'dist');
const port = Number.parseInt(process.env.PORT ?? '4321', 10);
const host = process.env.HOST || 'localhost';

if (!existsSync(path.join(dist, 'index.html'))) {
  console.error('dist/ has no build. Run `npm run build` first (or `npm start`, which builds).');
  process.exit(1);
}

const readRules = (name) => {
  const file = path.join(dist, name);
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
};
const redirects = parseRedirects(readRules('_redirects'));
const headerBlocks = parseHeaders(readRules('_headers'));

// The collector stands in only for the endpoints this environment leaves unset (as the build did).
const collectorRoutes = {};
const unset = (name) => !process.env[name]?.trim(); // as scripts/build-env.mjs reads them
if (unset('PUBLIC_CONTACT_ENDPOINT')) collectorRoutes[DEV_COLLECTOR.contact] = 'contact';
if (unset('PUBLIC_REGISTRATION_ENDPOINT')) collectorRoutes[DEV_COLLECTOR.registration] = 'registration';
if (unset('PUBLIC_CONFIRMATION_ENDPOINT')) collectorRoutes[DEV_COLLECTOR.confirmation] = 'confirmation';
// With SMTP configured, the form handler (e-mail) answers those routes instead (server/forms.mjs).
const formHandler = await loadFormHandler({ root, dist, routes: collectorRoutes });
const collect =
  formHandler ?? createDevCollector({ routes: collectorRoutes, dataDir: path.join(root, '.data') });

const files = sirv(dist, {
  etag: true,
  // The compressed copies the build wrote (src/integrations/precompress.mjs), where the browser takes
  // them; other files are compressed per request below.
  brotli: true,
  gzip: true,
  extensions: ['html'],
  dotfiles: false,
  // Runs after _headers was applied: it only fills in the default the hosts use for files that
  // _headers gives no caching of its own (the admin's no-store, the worker's no-cache stay).
  setHeaders(res) {
    if (!res.hasHeader('Cache-Control')) res.setHeader('Cache-Control', 'public, max-age=0, must-revalidate');
  },
  onNoMatch(req, res) {
    res.statusCode = 404;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    if (req.method === 'HEAD') return res.end();
    createReadStream(path.join(dist, '404.html'))
      .on('error', () => res.end('Not found'))
      .pipe(res);
  },
});
const compress = compression();

function safePathname(rawUrl) {
  try {
    return decodeURIComponent(new URL(rawUrl ?? '/', 'http://localhost').pathname);
  } catch {
    return '/';
  }
}

// HTTPS with HTTP/2, as the static hosts serve the site, when a certificate is given (the audit's
// AUDIT_HTTP2 mode makes a self-signed one); plain HTTP/1.1 otherwise, which is what `npm start` does.
const tls =
  process.env.TLS_CERT_FILE && process.env.TLS_KEY_FILE
    ? { cert: readFileSync(process.env.TLS_CERT_FILE), key: readFileSync(process.env.TLS_KEY_FILE) }
    : undefined;

async function handle(req, res) {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const pathname = safePathname(req.url);
  for (const [name, value] of headersFor(headerBlocks, pathname)) res.setHeader(name, value);

  if (await collect(req, res)) return;

  const rule = matchRedirect(redirects, pathname);
  if (rule && rule.status !== 200) {
    res.writeHead(rule.status, { Location: rule.target + url.search });
    res.end();
    return;
  }
  if (rule) req.url = rule.target + url.search; // a rewrite: serve the target at the original URL

  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD' });
    res.end();
    return;
  }
  compress(req, res, () => files(req, res));
}

const server = tls
  ? http2.createSecureServer({ ...tls, allowHTTP1: true }, handle)
  : http.createServer(handle);

server.listen(port, host, () => {
  console.log(`Serving dist/ on ${tls ? 'https' : 'http'}://${host}:${port}`);
  if (formHandler) {
    console.log(`Form handler active for: ${Object.values(collectorRoutes).join(', ')} (e-mail over SMTP)`);
  } else if (Object.keys(collectorRoutes).length > 0) {
    console.log(
      `Development form collector active for: ${Object.values(collectorRoutes).join(', ')} (.data/submissions.jsonl)`,
    );
  }
});

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
