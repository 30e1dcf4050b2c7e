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
import { loadFormHandler } from './forms.mjs';
import { headersFor, matchRedirect, parseHeaders, parseRedirects } from './host-rules.mjs';
import { inertFileHeaders } from './inert-files.mjs';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
// `node server/serve.mjs DIR` (or DIST_DIR=DIR) serves another build: the server's own tests use a
// small one, the mail end-to-end test its own build beside dist/.
const dist = path.resolve(root, process.argv[2] ?? (process.env.DIST_DIR || 'dist'));
const port = Number.parseInt(process.env.PORT ?? '4321', 10);
const host = process.env.HOST || 'localhost';

if (!existsSync(path.join(dist, 'index.html'))) {
  console.error(`${dist} has no build. Run \`npm run build\` first (or \`npm start\`, which builds).`);
  process.exit(1);
}

const readRules = (name) => {
  const file = path.join(dist, name);
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
};
const redirects = parseRedirects(readRules('_redirects'));
const headerBlocks = parseHeaders(readRules('_headers'));

// The form routes answer only for the endpoints the build itself left unset (it recorded them).
const collectorRoutes = readCollectorRoutes(dist);
// With SMTP configured, the form handler (e-mail) answers those routes instead (server/forms.mjs).
const formHandler = await loadFormHandler({ root, dist, routes: collectorRoutes });
const collect =
  formHandler ?? createDevCollector({ routes: collectorRoutes, dataDir: path.join(root, '.data') });

// A file that is not a page runs nothing when opened on its own (server/inert-files.mjs).
const inert = inertFileHeaders(dist);
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
  setHeaders(res, pathname) {
    if (!res.hasHeader('Cache-Control')) res.setHeader('Cache-Control', 'public, max-age=0, must-revalidate');
    inert(res, pathname);
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

/**
 * The request's URL and decoded path, or undefined for a target no browser sends (`*`, an absolute
 * URL, bad percent-encoding, `//[`): those get a 400. Read after the origin, so that `//host` stays
 * a path, as sirv reads it (`new URL('//[', base)` threw, and the rejection stopped the server).
 */
function requestTarget(rawUrl = '') {
  if (!rawUrl.startsWith('/')) return undefined;
  try {
    // Taken as a URL reference, `//[` or `//a:99999/` is a malformed host: 400, as the form
    // handler's code, which reads a request as a URL, would otherwise fail on it.
    new URL(rawUrl, 'http://localhost');
    const url = new URL(`http://localhost${rawUrl}`);
    return { url, pathname: decodeURIComponent(url.pathname) };
  } catch {
    return undefined;
  }
}

/**
 * sirv reads any Range header as one range and streams it unchecked: `bytes=3-1` made it throw
 * mid-answer and reset the connection. Only one `bytes=first-last` or `bytes=first-` range with
 * first <= last reaches it; any other Range is ignored and the whole file is sent (RFC 9110, 14.2).
 */
function keepUsableRange(req) {
  const range = req.headers.range;
  if (range === undefined) return;
  const match = /^bytes=(\d+)-(\d*)$/.exec(range.trim());
  if (!match || (match[2] !== '' && Number(match[2]) < Number(match[1]))) delete req.headers.range;
}

// HTTPS with HTTP/2, as the static hosts serve the site, when a certificate is given (the audit's
// AUDIT_HTTP2 mode makes a self-signed one); plain HTTP/1.1 otherwise, which is what `npm start` does.
const tls =
  process.env.TLS_CERT_FILE && process.env.TLS_KEY_FILE
    ? { cert: readFileSync(process.env.TLS_CERT_FILE), key: readFileSync(process.env.TLS_KEY_FILE) }
    : undefined;

async function handle(req, res) {
  const target = requestTarget(req.url);
  if (!target) {
    res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' });
    res.end('Bad request');
    return;
  }
  const { url, pathname } = target;
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
  keepUsableRange(req);
  compress(req, res, () => files(req, res));
}

// Whatever else fails still gets an answer (or, mid-answer, a closed stream), never an unhandled
// rejection: that would stop the server for everyone.
function serve(req, res) {
  handle(req, res).catch((error) => {
    console.error(`${req.method} ${req.url}:`, error);
    if (res.headersSent) (res.stream ?? res).destroy();
    else {
      res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end('Internal server error');
    }
  });
}

const server = tls ? http2.createSecureServer({ ...tls, allowHTTP1: true }, serve) : http.createServer(serve);

server.listen(port, host, () => {
  console.log(
    `Serving ${path.relative(process.cwd(), dist) || '.'}/ on ${tls ? 'https' : 'http'}://${host}:${port}`,
  );
  if (formHandler) {
    console.log(`Form handler active for: ${Object.values(collectorRoutes).join(', ')} (e-mail over SMTP)`);
  } else if (Object.keys(collectorRoutes).length > 0) {
    console.log(
      `Development form collector active for: ${Object.values(collectorRoutes).join(', ')} (.data/submissions.jsonl)`,
    );
  }
});

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
