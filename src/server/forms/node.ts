// The form handler inside `npm start` (server/serve.mjs loads the bundle the build makes of this
// file, src/integrations/form-handler.mjs): nodemailer over the practice's SMTP account, and the
// Node request turned into a web Request.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import nodemailer from 'nodemailer';
import { readMailConfig, readRateLimit, smtpConfigured } from './config';
import { createFormHandler, type FormName, type SendMail } from './handler';
import { siteFacts } from './site';

export { smtpConfigured };

type Env = Record<string, string | undefined>;

/**
 * Nodemailer with the practice's SMTP account. The timeouts are shorter than the forms' own 20 s,
 * so a mail server that does not answer gives the visitor the form's error, not a browser timeout.
 */
export function createSmtpSender(env: Env, log: (line: string) => void = console.log) {
  const config = readMailConfig(env, siteFacts.practice.email);
  if (!config) return undefined;
  const base = typeof config.transport === 'string' ? { url: config.transport } : config.transport;
  const transporter = nodemailer.createTransport(
    { ...base, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 15_000 },
    // Nothing in a message may make nodemailer read a file or fetch a URL.
    { from: config.from, disableFileAccess: true, disableUrlAccess: true },
  );
  const send: SendMail = async (mail) => {
    await transporter.sendMail(mail);
  };
  const verify = () =>
    transporter.verify().then(
      () => log('[forms] the SMTP server accepted the connection and the account'),
      (error: unknown) => log(`[forms] WARNING: the SMTP server cannot be used yet: ${String(error)}`),
    );
  return { send, inbox: config.inbox, verify, close: () => transporter.close() };
}

/** The visitor's address: the socket's, or behind a proxy (TRUST_PROXY=1) the one it appended last. */
function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = req.headers['x-forwarded-for'];
  if (trustProxy && typeof forwarded === 'string' && forwarded.trim()) {
    return forwarded.split(',').at(-1)!.trim();
  }
  return req.socket.remoteAddress ?? 'unknown';
}

function toRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (name.startsWith(':') || value === undefined) continue; // HTTP/2 pseudo-headers
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(new URL(req.url ?? '/', 'http://localhost'), {
    method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    // @ts-expect-error -- Node's fetch needs this for a streamed body; the DOM types do not know it
    duplex: 'half',
  });
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
  const handle = createFormHandler({
    routes,
    send: smtp.send,
    inbox: smtp.inbox,
    site: siteFacts,
    limits: readRateLimit(env),
    log,
  });
  const trustProxy = env.TRUST_PROXY === '1';
  return async function forms(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    if (!(pathname in routes)) return false;
    const response = await handle(toRequest(req), clientAddress(req, trustProxy));
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
    return true;
  };
}
