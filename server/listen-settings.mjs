// Where `npm start` listens (PORT, HOST, TLS_CERT_FILE and TLS_KEY_FILE; docs/configuration.md), read
// and checked before it builds, and what it says when it cannot listen there: one line that names
// the variable to change, rather than a stack trace after a build of a minute. And the server it
// listens with, with its limits on how long a client may take to send a request.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import net from 'node:net';
import { createSecureContext } from 'node:tls';

const DEFAULT_PORT = 4321;
const DEFAULT_HOST = 'localhost';

/**
 * @param {Record<string, string | undefined>} env
 * @returns {{ ok: true, port: number, host: string, tls?: { cert: Buffer, key: Buffer } } | { ok: false, problem: string }}
 */
export function listenSettings(env) {
  const rawPort = env.PORT?.trim() || String(DEFAULT_PORT);
  const port = Number(rawPort);
  if (!/^\d+$/.test(rawPort) || port < 1 || port > 65535) {
    return { ok: false, problem: `PORT must be a whole number from 1 to 65535; it is "${env.PORT}".` };
  }
  const host = env.HOST?.trim() || DEFAULT_HOST;
  const cert = env.TLS_CERT_FILE?.trim();
  const key = env.TLS_KEY_FILE?.trim();
  if (!cert && !key) return { ok: true, port, host };
  if (!cert || !key) {
    return {
      ok: false,
      problem: `Set both TLS_CERT_FILE and TLS_KEY_FILE for HTTPS, or neither for plain HTTP; only ${cert ? 'TLS_CERT_FILE' : 'TLS_KEY_FILE'} is set.`,
    };
  }
  const tls = {};
  for (const [name, field, file] of /** @type {const} */ ([
    ['TLS_CERT_FILE', 'cert', cert],
    ['TLS_KEY_FILE', 'key', key],
  ])) {
    try {
      tls[field] = readFileSync(file);
    } catch (error) {
      return {
        ok: false,
        problem: `${name} names ${file}, which cannot be read (${error.code ?? error.message}).`,
      };
    }
  }
  try {
    createSecureContext(tls); // what the HTTPS server would throw on, as a stack trace
  } catch (error) {
    return {
      ok: false,
      problem: `TLS_CERT_FILE and TLS_KEY_FILE must hold a PEM certificate and its private key (${error.message}).`,
    };
  }
  return { ok: true, port, host, tls: /** @type {{ cert: Buffer, key: Buffer }} */ (tls) };
}

/**
 * What to say when the server cannot listen at host:port (the 'error' event of listen()).
 * @param {NodeJS.ErrnoException} error
 * @param {{ host: string, port: number }} where
 */
export function listenProblem(error, { host, port }) {
  switch (error.code) {
    case 'EADDRINUSE':
      return `Port ${port} on ${host} is already in use, perhaps by another \`npm start\`, \`npm run serve\` or \`npm run dev\`: stop it, or set PORT to another port.`;
    case 'EACCES':
      return `This user may not listen on port ${port}${port < 1024 ? ' (ports below 1024 need root)' : ''}: set PORT to a port from 1024 up, behind nginx in production (docs/deployment.md).`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `HOST is "${host}", which is not an address of this computer: set it to localhost, 127.0.0.1 or 0.0.0.0 (every address).`;
    default:
      return `Cannot listen on ${host}:${port}: ${error.message}`;
  }
}

/**
 * The error listening on host:port would give now, or undefined when it is free. Asked before a
 * build, so that a port already taken is said at once rather than after it (it may be taken
 * meanwhile: the real listen() is answered the same way).
 * @param {{ host: string, port: number }} where
 * @returns {Promise<NodeJS.ErrnoException | undefined>}
 */
export function listenErrorNow({ host, port }) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', resolve);
    probe.listen(port, host, () => probe.close(() => resolve(undefined)));
  });
}

/**
 * How long a client may take to send its request, in ms, in this one place. Node's defaults (60 s
 * for the headers, 300 s for the whole request, checked every 30 s) let a client that sends a byte
 * now and then hold a connection for minutes; a browser sends its headers at once, and the largest
 * request, a form's JSON, is at most 16 KB (64 kB to the development collector), which the form
 * handlers give 10 s. Past either limit Node answers 408 and closes the connection.
 * - headersMs: the request line and headers, from their first byte;
 * - requestMs: the whole request, body included; never the answer (a slow download is not cut);
 * - checkEveryMs: how often Node looks (at its 30 s a limit could be passed by 30 s more).
 * Between two requests on one connection neither runs: Node's keep-alive (5 s idle) does.
 * No cap on connections (server.maxConnections): with these limits a slow client holds one for
 * seconds, not minutes, and no measured capacity says where a cap would turn away attackers rather
 * than visitors; behind nginx (docs/deployment.md), nginx's own limits come first.
 * HTTP/2 (limitHttp2 below) gets the same two: a session may go headersMs without a request under
 * way, and each request has requestMs to arrive whole.
 */
export const REQUEST_TIMEOUTS = { headersMs: 20_000, requestMs: 30_000, checkEveryMs: 5_000 };

/**
 * The REQUEST_TIMEOUTS for HTTP/2, which Node's headersTimeout and requestTimeout do not cover (they
 * are HTTP/1's): without them a session that sent no request, or a request that sent one byte of its
 * body now and then, stayed open for as long as the client liked.
 * - A session with no request under way for headersMs is ended (GOAWAY, then the connection
 *   closes): one that never starts a request, sends only pings, or whose headers never end (a
 *   HEADERS frame whose CONTINUATION never comes starts no stream). Ended, not closed:
 *   session.close() waited for that unfinished stream forever; with nothing under way nothing is
 *   lost, and a browser opens a new session when it needs one. Counted here rather than left to
 *   the session's idle timeout (`session.setTimeout`), which also runs out under an answer the
 *   client is slow to download, one that must not be cut.
 * - A request whose body has not all arrived after requestMs is answered 408, if no answer has
 *   begun, and its stream closed (RST_STREAM NO_ERROR: stop sending); the session goes on. A request
 *   without a body (END_STREAM with its headers: GET, HEAD) has nothing to wait for.
 * An answer is never cut, however long it takes to send, as over HTTP/1.
 * @param {import('node:http2').Http2SecureServer} server
 * @param {typeof REQUEST_TIMEOUTS} timeouts
 */
function limitHttp2(server, { headersMs, requestMs }) {
  server.on('session', (session) => {
    let underWay = 0;
    /** @type {NodeJS.Timeout | undefined} */
    let idle;
    const waitForRequest = () => {
      idle = setTimeout(() => session.destroy(), headersMs).unref();
    };
    waitForRequest();
    session.on('stream', (stream) => {
      underWay += 1;
      clearTimeout(idle);
      stream.once('close', () => {
        underWay -= 1;
        if (underWay === 0 && !session.closed && !session.destroyed) waitForRequest();
      });
    });
    session.once('close', () => clearTimeout(idle));
  });
  server.on('stream', (stream) => {
    if (stream.endAfterHeaders) return;
    const deadline = setTimeout(() => {
      if (stream.destroyed || stream.closed) return;
      if (!stream.headersSent) {
        stream.respond({ ':status': 408, 'cache-control': 'no-store' }, { endStream: true });
      }
      stream.close(http2.constants.NGHTTP2_NO_ERROR);
    }, requestMs).unref();
    // 'end': the body has all arrived (and been read); 'close': the stream is over either way.
    stream.once('end', () => clearTimeout(deadline));
    stream.once('close', () => clearTimeout(deadline));
  });
}

/**
 * The server `npm start` listens with: HTTPS with HTTP/2 (and HTTP/1.1 for clients without it) when
 * `tls` is given, as the static hosts serve the site; plain HTTP/1.1 otherwise. Either way with the
 * REQUEST_TIMEOUTS: Node's own for HTTP/1.1 connections, limitHttp2's for HTTP/2 sessions.
 * @param {import('node:http').RequestListener} handler
 * @param {{ tls?: { cert: Buffer, key: Buffer }, timeouts?: typeof REQUEST_TIMEOUTS }} [options]
 */
export function createSiteServer(handler, { tls, timeouts = REQUEST_TIMEOUTS } = {}) {
  // The TLS handshake, before any request, in the headers' time too: tls.Server gave it 120 s,
  // where over plain HTTP the same silent connection is closed at headersMs.
  const server = tls
    ? http2.createSecureServer({ ...tls, allowHTTP1: true, handshakeTimeout: timeouts.headersMs }, handler)
    : http.createServer(handler);
  server.headersTimeout = timeouts.headersMs;
  server.requestTimeout = timeouts.requestMs;
  // Read when the server starts listening (both kinds).
  server.connectionsCheckingInterval = timeouts.checkEveryMs;
  if (tls) limitHttp2(/** @type {import('node:http2').Http2SecureServer} */ (server), timeouts);
  return server;
}
