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
import { createDevCollector, readCollectorRoutes } from './dev-collector.mjs';
import { headersFor, matchRedirect, parseHeaders, parseRedirects } from './host-rules.mjs';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const dist = path.join(root, 'dist');
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

// The collector stands in only for the endpoints the build itself left unset (it recorded them).
const collectorRoutes = readCollectorRoutes(dist);
const collect = createDevCollector({ routes: collectorRoutes, dataDir: path.join(root, '.data') });

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
  if (Object.keys(collectorRoutes).length > 0) {
    console.log(
      `Development form collector active for: ${Object.values(collectorRoutes).join(', ')} (.data/submissions.jsonl)`,
    );
  }
});

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
