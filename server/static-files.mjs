// The files of one build, served as the static hosts serve them: `/a` finds a.html or a/index.html,
// the build's .br/.gz copies go to browsers that take them, ETag and Last-Modified (and 304 for
// either), single ranges.
// Each request looks the file up when it arrives and opens it before the status line is written, so
// a file that vanishes (a build rewriting the folder, a release removed) costs that request a 404 or
// a cut answer and nothing else. sirv, used before, listed the files once at start (a new post
// stayed invisible until a restart) and piped read streams without an error handler: one file gone
// mid-request stopped the process (docs/decisions/0021-builds-switched-whole.md).
// A file is served only if its real path, links resolved, is inside the build's real path: a link
// in the build that points out of it is no file of the build, and answers as a missing one.
import { open, realpath } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream';
import { RULE_FILES } from './host-rules.mjs';

/** The types the build writes; anything else is sent as bytes. */
const TYPES = {
  '.html': 'text/html;charset=utf-8',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.json': 'application/json',
  '.map': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.xml': 'application/xml',
  '.txt': 'text/plain',
  '.md': 'text/markdown',
  '.yml': 'text/yaml',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
};
const ENCODINGS = [
  { suffix: '.br', name: 'br' },
  { suffix: '.gz', name: 'gzip' },
];

/**
 * The ENCODINGS an Accept-Encoding header takes, in the server's order: each one named with a
 * weight above 0, or left unnamed where `*` has one. `br;q=0` refuses brotli (RFC 9110, 12.5.3).
 * @param {string} header
 */
export function acceptedEncodings(header) {
  /** @type {Map<string, number>} */
  const weights = new Map();
  for (const part of header.toLowerCase().split(',')) {
    const [coding = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    const q = parameters.find((parameter) => /^q=/.test(parameter));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (coding) weights.set(coding, Number.isNaN(weight) ? 0 : weight);
  }
  return ENCODINGS.filter(({ name }) => (weights.get(name) ?? weights.get('*') ?? 0) > 0);
}

const RULE_FILE_PATHS = new Set(Object.values(RULE_FILES).map((name) => `/${name}`));

/**
 * Not served: the host rule files (Cloudflare Pages keeps them to itself), and any path part
 * starting with a dot (`.form-routes.json`) but `.well-known`. The rule files are compared with
 * repeated slashes as one, as the file lookup reads them (`//_headers` is the same file).
 */
const hidden = (pathname) =>
  RULE_FILE_PATHS.has(pathname.replace(/\/{2,}/g, '/')) ||
  pathname.split('/').some((part) => part.startsWith('.') && part !== '.well-known');

/** The files `/x` may name, in the order the hosts try them. */
function candidates(pathname) {
  const base = pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  const list = [];
  if (base && !pathname.endsWith('/')) list.push(base, `${base}.html`);
  list.push(`${base}/index.html`);
  return list;
}

const MISSING = new Set(['ENOENT', 'ENOTDIR', 'EISDIR', 'ENAMETOOLONG', 'ELOOP']);

/** Whether `file` (real) is `root` (real) or inside it. */
const inside = (root, file) => file === root || file.startsWith(root + path.sep);

/**
 * An open regular file and its stat, or undefined when there is none, or when `root` (a real path)
 * is given and the file, links resolved, is outside it. Resolved only once the file is open: one
 * realpath per file served, none for the names tried before it.
 */
async function openFile(file, root) {
  let handle;
  try {
    handle = await open(file, 'r');
    const stats = await handle.stat();
    if (stats.isFile() && (!root || inside(root, await realpath(file)))) return { handle, stats };
  } catch (error) {
    if (!MISSING.has(error?.code)) throw error;
  }
  await handle?.close().catch(() => {});
  return undefined;
}

/** `file` as the first compressed copy the browser takes that the build wrote, or as it is. */
async function openCopy(file, encodings, root) {
  for (const encoding of [...encodings, undefined]) {
    const found = await openFile(encoding ? file + encoding.suffix : file, root);
    if (found) return { ...found, encoding: encoding?.name };
  }
  return undefined;
}

/**
 * The first existing file among `candidates` (each also as a compressed copy the browser takes) in
 * `dir`, a real path.
 */
async function find(dir, pathname, acceptEncoding) {
  const encodings = acceptedEncodings(acceptEncoding);
  for (const name of candidates(pathname)) {
    const file = path.join(dir, name);
    if (!inside(dir, file)) return undefined;
    const found = await openCopy(file, encodings, dir);
    if (found) return { ...found, name };
  }
  return undefined;
}

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` within `size`; 'unsatisfiable'; or undefined to send it all. */
export function parseRange(header, size) {
  const match = /^bytes=(\d*)-(\d*)$/.exec(String(header ?? '').trim());
  if (!match || (!match[1] && !match[2])) return undefined;
  let start;
  let end;
  if (!match[1]) {
    const length = Number(match[2]);
    if (length === 0) return 'unsatisfiable';
    start = Math.max(0, size - length);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
    if (match[2] && Number(match[2]) < start) return undefined;
  }
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/**
 * Whether a GET or HEAD may be answered 304 Not Modified (RFC 9110, 13.1.2 and 13.1.3; 13.2.2 for
 * their order): `If-None-Match` names the file's ETag (compared weakly, in a list, or `*`); or, only
 * when that header is absent, `If-Modified-Since` is a date no earlier than the file's last change
 * (to the second, as Last-Modified is written) and no later than the server's clock: a date ahead of
 * it comes from a client's own clock, not from this server, and says nothing of what the client has
 * (as Apache and RFC 2616 treat it). Browsers send the first; feed readers and crawlers often only
 * the second.
 * @param {import('node:http').IncomingHttpHeaders} headers
 * @param {{ etag: string, modified: Date }} file
 * @param {number} [now] the server's clock
 */
export function notModified(headers, { etag, modified }, now = Date.now()) {
  const noneMatch = headers['if-none-match'];
  if (noneMatch !== undefined) {
    const opaque = (tag) => tag.trim().replace(/^W\//, '');
    const tags = String(noneMatch).split(',').map(opaque);
    return tags.includes('*') || tags.includes(opaque(etag));
  }
  const since = Date.parse(String(headers['if-modified-since'] ?? ''));
  return Number.isFinite(since) && since <= now && Math.floor(modified.getTime() / 1000) * 1000 <= since;
}

/**
 * Whether a Range request's `If-Range` still names this file (RFC 9110, 13.1.5): with no such header,
 * yes; an entity tag must match strongly, which this server's weak ones never do; a date must be the
 * file's Last-Modified. When not, the whole file is sent (200), never a piece of a file that changed.
 * @param {import('node:http').IncomingHttpHeaders} headers
 * @param {{ etag: string, modified: Date }} file
 */
export function rangeStillValid(headers, { etag, modified }) {
  const ifRange = headers['if-range'];
  if (ifRange === undefined) return true;
  const value = String(ifRange).trim();
  if (value.startsWith('"') || value.startsWith('W/')) return !etag.startsWith('W/') && value === etag;
  return Date.parse(value) === Math.floor(modified.getTime() / 1000) * 1000;
}

/** Sends the file at `handle` (closed afterwards whatever happens). */
function send(req, res, { handle, stats, name, encoding }, extraHeaders) {
  const headers = {
    'Content-Type': TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream',
    'Last-Modified': stats.mtime.toUTCString(),
    ETag: `W/"${stats.size}-${stats.mtime.getTime()}${encoding ? `-${encoding}` : ''}"`,
    Vary: 'Accept-Encoding',
    'Accept-Ranges': 'bytes',
    ...extraHeaders,
  };
  if (encoding) headers['Content-Encoding'] = encoding;
  for (const [key, value] of Object.entries(headers)) if (!res.hasHeader(key)) res.setHeader(key, value);

  if (notModified(req.headers, { etag: headers.ETag, modified: stats.mtime })) {
    handle.close().catch(() => {});
    res.writeHead(304);
    res.end();
    return;
  }
  const valid = rangeStillValid(req.headers, { etag: headers.ETag, modified: stats.mtime });
  const range = encoding || !valid ? undefined : parseRange(req.headers.range, stats.size);
  if (range === 'unsatisfiable') {
    handle.close().catch(() => {});
    // Not the file's caching (a year for /_astro/): a cache that kept this answer gave it for the file.
    res.writeHead(416, { 'Content-Range': `bytes */${stats.size}`, 'Cache-Control': 'no-store' });
    res.end();
    return;
  }
  const { start, end } = range ?? { start: 0, end: stats.size - 1 };
  if (range) res.setHeader('Content-Range', `bytes ${start}-${end}/${stats.size}`);
  res.setHeader('Content-Length', Math.max(0, end - start + 1));
  res.writeHead(range ? 206 : (res.statusCode ?? 200));
  if (req.method === 'HEAD' || stats.size === 0) {
    handle.close().catch(() => {});
    res.end();
    return;
  }
  // pipeline() handles an error on either side: the read stream's (a disk error, the file cut short)
  // closes this answer only; the handle keeps the file readable even if it is deleted meanwhile.
  pipeline(handle.createReadStream({ start, end }), res, () => {});
}

/**
 * A handler for the build in `dir` (absolute). `setHeaders(res, servedFile)` runs before a file is
 * sent, with the build's file it found (`/blog/index.html` for `/blog`);
 * `onNoMatch(req, res)` answers when no file matches. Its `sendPage(req, res, name, fallback)` sends
 * one named file of the same build (the 404 page) with the status already set, through the same
 * lookup, link check included; or `fallback` as text when there is no such file: never throws for a
 * missing one. Its compressed copy when the browser takes one, as for any page: compressed on the
 * way instead, a HEAD said neither the encoding nor the length a GET then sent.
 * @param {string} dir
 * @param {{ setHeaders?: (res: import('node:http').ServerResponse, servedFile: string) => void, onNoMatch: (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => Promise<void> | void }} options
 */
export function staticFiles(dir, { setHeaders = () => {}, onNoMatch }) {
  // Resolved once: `dir` may be a link, or lie under one (`DIST_DIR=.releases/current`, a project
  // reached through a link), and the files are then looked up in the folder it named when the
  // handler was made, the build whose _headers and _redirects the server read. Gone, it has no files.
  const rootReady = realpath(path.resolve(dir)).catch(() => undefined);
  const acceptEncoding = (req) => String(req.headers['accept-encoding'] ?? '');
  async function serveFile(req, res) {
    // Prefixed, not resolved against a base: `//x` stays a path (serve.mjs checked the target).
    const pathname = decodeURIComponent(new URL(`http://localhost${req.url ?? '/'}`).pathname);
    const root = await rootReady;
    const found =
      !root || hidden(pathname) || pathname.includes('\0')
        ? undefined
        : await find(root, pathname, acceptEncoding(req));
    if (!found) return onNoMatch(req, res);
    setHeaders(res, found.name);
    send(req, res, found, {});
  }
  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {string} name the file's path in the build, `/404.html`
   * @param {string} fallback
   */
  serveFile.sendPage = async (req, res, name, fallback) => {
    const root = await rootReady;
    const found =
      root && (await openCopy(path.join(root, name), acceptedEncodings(acceptEncoding(req)), root));
    if (!found) {
      res.end(fallback);
      return;
    }
    res.setHeader('Vary', 'Accept-Encoding');
    if (found.encoding) res.setHeader('Content-Encoding', found.encoding);
    res.setHeader('Content-Length', found.stats.size);
    if (req.method === 'HEAD') {
      found.handle.close().catch(() => {});
      res.end();
      return;
    }
    pipeline(found.handle.createReadStream(), res, () => {});
  };
  return serveFile;
}
