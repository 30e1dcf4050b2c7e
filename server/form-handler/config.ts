// The mail settings the form handler reads from the server's environment when it starts (never at
// build time: nothing here may reach the built pages). docs/configuration.md.
import { smtpConfigured } from '../../src/lib/config/shared.mjs';
import { EMAIL_PATTERN } from '../../src/lib/validation/rules';

export { smtpConfigured };

export interface MailConfig {
  /** What nodemailer's createTransport takes: an smtp(s):// URL or host, port and account. */
  transport: string | { host: string; port: number; secure: boolean; auth?: { user: string; pass: string } };
  /** The sender, 'Name <address>' or a bare address. */
  from: string;
  /** Where contact messages and registrations go. */
  inbox: string;
}

type Env = Record<string, string | undefined>;

const read = (env: Env, name: string) => env[name]?.trim() || undefined;

/** 'Name <a@b.ca>' or 'a@b.ca', on one line: the address part must be a plain e-mail address. */
function checkAddress(name: string, value: string): string {
  const address = /<([^<>]*)>\s*$/.exec(value)?.[1] ?? value;
  if (/[\r\n]/.test(value) || !EMAIL_PATTERN.test(address)) {
    throw new Error(`${name} must be an e-mail address ("Name <name@example.org>" or name@example.org).`);
  }
  return value;
}

/**
 * The mail settings, or undefined when SMTP is not configured. A half-done configuration throws
 * with the variable to fix, so the server stops at start rather than failing a visitor later.
 */
export function readMailConfig(env: Env, fallbackInbox?: string): MailConfig | undefined {
  if (!smtpConfigured(env)) return undefined;
  let transport: MailConfig['transport'];
  const url = read(env, 'SMTP_URL');
  if (url) {
    if (!/^smtps?:\/\//.test(url)) throw new Error('SMTP_URL must start with smtp:// or smtps://.');
    transport = url;
  } else {
    const host = read(env, 'SMTP_HOST')!;
    const port = Number(read(env, 'SMTP_PORT') ?? '587');
    if (!Number.isInteger(port) || port < 1 || port > 65535)
      throw new Error('SMTP_PORT must be a port number.');
    const user = read(env, 'SMTP_USER');
    const pass = env.SMTP_PASSWORD; // as given: a password may begin or end with a space
    if (Boolean(user) !== Boolean(pass)) throw new Error('Set both SMTP_USER and SMTP_PASSWORD, or neither.');
    // 465 is TLS from the first byte; 587 and 25 upgrade with STARTTLS, which nodemailer does itself.
    transport = { host, port, secure: port === 465, ...(user && pass ? { auth: { user, pass } } : {}) };
  }
  const from = read(env, 'MAIL_FROM');
  if (!from)
    throw new Error('MAIL_FROM must be set with the SMTP settings: the address the e-mails come from.');
  const inbox = read(env, 'PRACTICE_INBOX') ?? fallbackInbox;
  if (!inbox) throw new Error('PRACTICE_INBOX must be set: where messages and registrations go.');
  return { transport, from: checkAddress('MAIL_FROM', from), inbox: checkAddress('PRACTICE_INBOX', inbox) };
}

/**
 * FORM_RATE_LIMIT: submissions one visitor address may make per 15 minutes (handler default 8).
 * A practice behind a shared office or school network may want more; tests use more.
 */
export function readRateLimit(env: Env): { perClient: number } | undefined {
  const raw = read(env, 'FORM_RATE_LIMIT');
  if (raw === undefined) return undefined;
  const perClient = Number(raw);
  if (!Number.isInteger(perClient) || perClient < 1)
    throw new Error('FORM_RATE_LIMIT must be a whole number above 0.');
  return { perClient };
}

/**
 * TRUST_PROXY: how many proxies stand in front of the server, each appending to X-Forwarded-For
 * (1 for nginx, 2 for a CDN then nginx); unset or 0 when visitors connect directly.
 */
export function readTrustProxy(env: Env): number {
  const raw = read(env, 'TRUST_PROXY');
  if (raw === undefined) return 0;
  const hops = Number(raw);
  if (!Number.isInteger(hops) || hops < 0 || hops > 10)
    throw new Error('TRUST_PROXY must be the number of proxies in front of the server (0, 1, 2...).');
  return hops;
}
