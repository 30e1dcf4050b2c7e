// The form handler inside `npm start` (server/serve.mjs loads the bundle the build makes of this
// file, src/integrations/form-handler.mjs): nodemailer over the practice's SMTP account, and the
// Node request turned into a web Request.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import nodemailer from 'nodemailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared/index.js';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import { closeAfter } from '../close-after.mjs';
import { readMailConfig, readRateLimit, readTrustProxy, smtpConfigured } from './config';
import { createFormHandler, type FormName, type SendMail } from './handler';
import { siteFacts } from './site';

export { smtpConfigured };

type Env = Record<string, string | undefined>;

/** SMTP connections open at once, whatever the number of visitors: the rest wait in nodemailer's queue. */
export const SMTP_CONNECTIONS = 3;

/**
 * A mail's text part as a stream that nodemailer reads only once the SMTP server is ready for the
 * message itself (DATA), after connecting, DNS, TLS, the greeting and the envelope. Past the
 * request's deadline it fails instead, and nodemailer closes the connection without the message's
 * final dot, so the server discards it: a mail the visitor was told had failed never goes out later.
 */
function untilDeadline(text: string, signal: AbortSignal): Readable {
  return new Readable({
    read() {
      if (signal.aborted)
        this.destroy(new Error("the request's deadline passed before the message was sent"));
      else {
        this.push(text);
        this.push(null);
      }
    },
  });
}

/**
 * Nodemailer with the practice's SMTP account, pooled: at most SMTP_CONNECTIONS connections. The
 * deadline of each send is the handler's (FormLimits.sendMs, under the forms' own 20 s); the
 * per-phase timeouts below only bound how long a stuck connection is kept.
 */
export function createSmtpSender(env: Env, log: (line: string) => void = console.log) {
  const config = readMailConfig(env, siteFacts.practice.email);
  if (!config) return undefined;
  // createTransport drops every other option next to a `url`: parse it here so the ones below hold.
  const base = typeof config.transport === 'string' ? parseConnectionUrl(config.transport) : config.transport;
  const options: SMTPPool.Options = {
    ...base,
    pool: true,
    maxConnections: SMTP_CONNECTIONS,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    dnsTimeout: 10_000,
    socketTimeout: 15_000,
  };
  const transporter = nodemailer.createTransport(
    options,
    // Nothing in a message may make nodemailer read a file or fetch a URL.
    { from: config.from, disableFileAccess: true, disableUrlAccess: true },
  );
  const send: SendMail = async (mail, signal) => {
    await transporter.sendMail({ ...mail, text: untilDeadline(mail.text, signal) });
  };
  const verify = () =>
    transporter.verify().then(
      () => log('[forms] the SMTP server accepted the connection and the account'),
      (error: unknown) => log(`[forms] WARNING: the SMTP server cannot be used yet: ${String(error)}`),
    );
  return { send, inbox: config.inbox, verify, close: () => transporter.close() };
}

/**
 * The visitor's address. With TRUST_PROXY=N (N proxies in front, e.g. 2 for a CDN then nginx, each
 * appending the address it got the request from to X-Forwarded-For), the one N entries from the
 * right: the entries further left were written by the visitor and prove nothing. With fewer entries
 * than N (a request that skipped a proxy) the leftmost. Without TRUST_PROXY, the socket's.
 */
export function clientAddress(req: IncomingMessage, hops: number): string {
  const forwarded = req.headers['x-forwarded-for'];
  const header = Array.isArray(forwarded) ? forwarded.join(',') : forwarded;
  if (hops > 0 && header?.trim()) {
    const entries = header.split(',').map((entry) => entry.trim());
    return entries[Math.max(0, entries.length - hops)] || 'unknown';
  }
  return req.socket.remoteAddress ?? 'unknown';
}

/**
 * The web Request for a form route (its path already checked), or undefined for a malformed Host, a
 * method the fetch standard refuses (TRACE, TRACK) or a request whose connection is already gone.
 */
function toRequest(req: IncomingMessage, path: string): Request | undefined {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (name.startsWith(':') || value === undefined) continue; // HTTP/2 pseudo-headers
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  // The host the browser addressed, so the handler can tell the site's own pages from others.
  const host = req.headers.host ?? req.headers[':authority'];
  let url: URL;
  try {
    url = new URL(path, `http://${typeof host === 'string' && host ? host : 'localhost'}`);
  } catch {
    return undefined;
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  try {
    return new Request(url, {
      method,
      headers,
      body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
      // @ts-expect-error -- Node's fetch needs this for a streamed body; the DOM types do not know it
      duplex: 'half',
    });
  } catch {
    return undefined;
  }
}

/**
 * `(req, res) => handled?` for server/serve.mjs, the same shape as the development collector, or
 * undefined when no SMTP variable is set. Throws on a half-done SMTP configuration.
 */
export function createNodeFormHandler({
  routes,
  env = process.env,
  log = console.log,
}: {
  routes: Record<string, FormName>;
  env?: Env;
  log?: (line: string) => void;
}) {
  const smtp = createSmtpSender(env, log);
  if (!smtp) return undefined;
  void smtp.verify();
  const hops = readTrustProxy(env);
  const handle = createFormHandler({
    routes,
    send: smtp.send,
    inbox: smtp.inbox,
    site: siteFacts,
    siteOrigins: env.SITE_URL ? [env.SITE_URL] : [],
    limits: readRateLimit(env),
    log,
  });
  return async function forms(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    // The path as sent, compared as a string: nothing is parsed before the route is known to be one
    // of the forms' (`//[` is a path the file handler answers, not a URL to build).
    const path = (req.url ?? '').split('?')[0]!;
    if (!Object.hasOwn(routes, path)) return false;
    const request = toRequest(req, req.url!);
    const response = request
      ? await handle(request, clientAddress(req, hops))
      : Response.json({ error: 'Bad request' }, { status: 400 });
    // A refusal answered before the body was read (another site, too large, too many): its
    // connection must not wait for that body.
    if (!req.complete) closeAfter(req, res);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
    return true;
  };
}
