// The site's own form backend: one handler on the web-standard Request/Response API, so the same
// code runs in `npm start` (server/form-handler/node.ts) and in a Netlify Function
// (netlify/functions/forms.mts). It checks each submission with the rules the forms use
// (src/lib/validation), answers in the shapes the forms read (src/lib/forms/post-json.ts:
// `error`, `errors: [{message}]`, and `{ success }` for the confirmation) and sends the e-mails.
//
// The confirmation e-mail goes out while the registration is accepted, never on request: the
// registration's answer carries a receipt (`confirmation: 'sent' | 'not-sent'`) and the
// confirmation route only reports it back as `{ success }` (docs/decisions/0019). So no request
// can make the practice write to an address of someone's choosing without also registering it
// with the practice, once per registration.
import { HONEYPOT_FIELD, honeypotValue } from '../../src/lib/forms/honeypot';
import { contactSchema } from '../../src/lib/validation/contact';
import type { FormSchema } from '../../src/lib/validation/rules';
import { registrationSchema } from '../../src/lib/validation/registration';
import { escapeHtml } from '../../src/lib/text/escape-html';
import { telHref } from '../../src/lib/site/settings';
import { confirmationMail, contactMail, registrationMail, type SiteFacts } from './messages';
import { mailFailure } from './mail-failure';
import { clientKey, createRateLimit, mailboxKey } from './rate-limit';

export type FormName = 'contact' | 'registration' | 'confirmation';

/** A mailbox as nodemailer takes it: as an object, the name is encoded and never parsed as a header. */
export interface Mailbox {
  name: string;
  address: string;
}

export interface OutgoingMail {
  to: Mailbox | string;
  replyTo?: Mailbox | string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Sends one e-mail (the sender is the transport's business); rejects when it was not accepted.
 * Once `signal` aborts (the request's deadline), the mail must not go out any more.
 */
export type SendMail = (mail: OutgoingMail, signal: AbortSignal) => Promise<void>;

/** The receipt a registration's answer carries, which the confirmation route reads back. */
export type ConfirmationReceipt = 'sent' | 'not-sent';

export interface FormHandlerOptions {
  /** URL path to form, e.g. { '/api/forms/contact': 'contact' }. */
  routes: Record<string, FormName>;
  send: SendMail;
  /** The practice's inbox: contact messages and registrations go there. */
  inbox: string;
  site: SiteFacts;
  limits?: Partial<FormLimits>;
  /**
   * Origins besides the request's own host that count as the site (SITE_URL's): a POST whose
   * Origin names any other site is refused (docs/security.md, "The forms' handler").
   */
  siteOrigins?: readonly string[];
  log?: (line: string) => void;
  now?: () => number;
}

export interface FormLimits {
  /** Largest body accepted, in bytes. A full contact message is under 5 KB even in 4-byte characters. */
  maxBodyBytes: number;
  /** Requests per visitor address and window (a registration makes two: itself and its confirmation). */
  perClient: number;
  /** Confirmation e-mails per recipient address and window, so no address can be flooded. */
  perRecipient: number;
  windowMs: number;
  /** The whole body must arrive within this time (a slow sender holds no connection longer). */
  bodyMs: number;
  /**
   * All the mail of one request (the registration and its confirmation share it), every step
   * included, must be done within this time, less than the forms' own 20 s (REQUEST_TIMEOUT_MS):
   * after it the visitor reads the failure message and nothing is sent any more.
   */
  sendMs: number;
}

export const DEFAULT_LIMITS: FormLimits = {
  maxBodyBytes: 16 * 1024,
  perClient: 8,
  perRecipient: 3,
  windowMs: 15 * 60 * 1000,
  bodyMs: 10_000,
  sendMs: 15_000,
};

/** What the visitor reads, in the forms' own words where the spec has them (SPEC 8). */
export const HANDLER_MESSAGES = {
  unreadable: 'The form could not be read when it arrived. Please send it again.',
  tooLarge: 'The form is too long to send. Please shorten what you wrote and send it again.',
  unsupported: 'Send the form as JSON or as a web form.',
  tooMany:
    'Too many submissions from your connection. Please wait a few minutes and try again, or contact us directly.',
  lineBreaks:
    'A name, an email address and a phone number must each fit on one line. Please remove the line break and send the form again.',
  contactFailed: 'Failed to send message',
  registrationFailed: 'Failed to send registration',
  confirmationFailed: 'The confirmation email could not be sent.',
  noReceipt: 'A confirmation is sent only with a registration.',
  crossSite:
    'This form can only be sent from its own page on our website. Please open the form there and send it again.',
  slow: 'The form took too long to arrive. Please check your internet connection and send it again.',
  direct: 'You can also reach us at',
  keptMessage:
    "Your message is below, so nothing is lost: copy it before you go back. Your browser's Back button usually keeps the form as you left it.",
  contactThanks: "Thank you for your message. We'll get back to you soon!",
  registrationThanks: "Registration submitted successfully! We'll contact you soon with further details.",
} as const;

// Fields that end up in headers (names in To/Reply-To and the subject) or on one line: no C0
// controls or DEL at all. The contact form's message may hold line breaks; it only goes into bodies.
const SINGLE_LINE_FIELDS = ['name', 'email', 'phone'] as const;
// eslint-disable-next-line no-control-regex -- control characters are exactly what this finds
const CONTROL = /[\u0000-\u001f\u007f\u2028\u2029]/;

type Reply = { status: number; body: Record<string, unknown>; headers?: Record<string, string> };

const json = (
  status: number,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): Reply => ({
  status,
  body,
  headers,
});

/**
 * The small page's only style: readable text, and a message box no wider than the screen (with its
 * 60 columns it made a 320 px phone scroll sideways, WCAG 1.4.10).
 */
export const PAGE_STYLE =
  'body{font:1.125rem/1.5 system-ui,sans-serif;max-width:40rem;margin:1.5rem auto;padding:0 1rem}' +
  'textarea{box-sizing:border-box;width:100%;font:inherit}';

/**
 * The policy of the small page a form posted without JavaScript gets: no script nor picture, and no
 * style but PAGE_STYLE (its SHA-256; tests/unit/form-handler.test.ts checks the two agree).
 */
export const PAGE_POLICY =
  "default-src 'none'; style-src 'sha256-0H7DMLG5KFfVBG3FAT7hanwwUe4KZ1XPxR/kLktmBuU='; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * `kept`: the message a contact form posted without JavaScript carried, shown again on a page that
 * says it was not sent, so the visitor can copy it: the page's link back opens an empty form.
 */
function toResponse(
  reply: Reply,
  asPage: boolean,
  backTo: string,
  kept?: string,
  practice?: { email: string; phone: string },
): Response {
  const headers = new Headers({
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...reply.headers,
  });
  if (!asPage) {
    headers.set('Content-Type', 'application/json; charset=utf-8');
    return new Response(JSON.stringify(reply.body), { status: reply.status, headers });
  }
  // A form posted without JavaScript: a small page with the outcome and a way back.
  const { error, errors, message } = reply.body as {
    error?: string;
    errors?: { message: string }[];
    message?: string;
  };
  const lines = errors?.length ? errors.map((e) => e.message) : [error ?? message ?? ''];
  headers.set('Content-Type', 'text/html; charset=utf-8');
  // The page shows what the visitor wrote (escaped): it needs nothing at all, so it may load nothing.
  headers.set('Content-Security-Policy', PAGE_POLICY);
  const sent = reply.status < 400;
  const title = sent ? 'Thank you' : 'Not sent';
  const keep =
    !sent && kept?.trim()
      ? `<p>${escapeHtml(HANDLER_MESSAGES.keptMessage)}</p>` +
        `<p><label for="kept">Your message</label><br><textarea id="kept" rows="8" readonly>${escapeHtml(kept)}</textarea></p>`
      : '';
  // "Contact us directly" (the rate limit's words) needs the practice's address and number at hand.
  const direct =
    !sent && practice
      ? `<p>${escapeHtml(HANDLER_MESSAGES.direct)} <a href="mailto:${escapeHtml(practice.email)}">${escapeHtml(practice.email)}</a>` +
        ` or <a href="${escapeHtml(telHref(practice.phone))}">${escapeHtml(practice.phone)}</a>.</p>`
      : '';
  const html =
    `<!doctype html><html lang="en-CA"><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
    `<title>${title}</title><style>${PAGE_STYLE}</style>` +
    `<h1>${title}</h1>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}` +
    `${keep}${direct}<p><a href="${escapeHtml(backTo)}">Back to the form</a></p></html>`;
  return new Response(html, { status: reply.status, headers });
}

class SlowBody extends Error {}

/**
 * The body as text, or undefined past `max` bytes (counted as they arrive, whatever Content-Length
 * says). Rejects with SlowBody when it has not all arrived within `ms`.
 */
async function readLimited(request: Request, max: number, ms: number): Promise<string | undefined> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      void reader.cancel().catch(() => {});
      reject(new SlowBody());
    }, ms);
  });
  try {
    return await Promise.race([readAll(), late]);
  } finally {
    clearTimeout(timer);
  }

  async function readAll() {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > max) {
        await reader.cancel();
        return undefined;
      }
      chunks.push(value);
    }
    const bytes = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.byteLength;
    }
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  }
}

/** Our own deadline error: its code (EDEADLINE) is what the log shows (./mail-failure.ts). */
const pastDeadline = (message: string) => Object.assign(new Error(message), { code: 'EDEADLINE' });

/** `send` within the request's deadline: rejects when the signal aborts, whatever the sender does. */
function sendBefore(send: SendMail, mail: OutgoingMail, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(pastDeadline('the deadline passed before sending'));
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => reject(pastDeadline('the mail server did not finish before the deadline'));
    signal.addEventListener('abort', onAbort, { once: true });
    send(mail, signal)
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * 'host' or 'host:port' without the scheme's default port (URL drops that port itself); undefined
 * when it is not a URL.
 */
function hostOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    if (!parsed.host) return undefined;
    return parsed.host;
  } catch {
    return undefined; // 'null' (a sandboxed frame, a privacy redirect) and anything malformed
  }
}

/**
 * Whether a browser sent this POST from another site: `Sec-Fetch-Site: cross-site`, or an `Origin`
 * whose host is neither the request's own (`Host`) nor one of `siteOrigins`. A request without
 * `Origin` (no browser posts a form without it today; curl may) passes: this refuses what other
 * pages make visitors' browsers send, it is not an authentication.
 */
export function isCrossSite(request: Request, siteOrigins: readonly string[]): boolean {
  if (request.headers.get('sec-fetch-site')?.toLowerCase() === 'cross-site') return true;
  const origin = request.headers.get('origin');
  if (origin === null) return false;
  const host = hostOf(origin);
  if (host === undefined) return true;
  return host !== hostOf(request.url) && !siteOrigins.some((site) => hostOf(site) === host);
}

function parseBody(text: string, asJson: boolean): Record<string, unknown> | undefined {
  if (!asJson) return Object.fromEntries(new URLSearchParams(text));
  const value: unknown = JSON.parse(text);
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** The schema's verdict as the forms show it: the first message as `error`, all in `errors`. */
function validate<T extends object>(schema: FormSchema<T>, input: Record<string, unknown>) {
  const result = schema.safeParse(input);
  if (!result.success) {
    const errors = Object.entries(result.fieldErrors).map(([field, message]) => ({ field, message }));
    return { reply: json(422, { error: errors[0]?.message, errors }) };
  }
  const data = result.data as Record<string, unknown>;
  const unsafe = SINGLE_LINE_FIELDS.filter(
    (field) => typeof data[field] === 'string' && CONTROL.test(data[field]),
  );
  if (unsafe.length > 0) {
    const errors = unsafe.map((field) => ({ field, message: HANDLER_MESSAGES.lineBreaks }));
    return { reply: json(422, { error: HANDLER_MESSAGES.lineBreaks, errors }) };
  }
  return { data: result.data };
}

/**
 * A sender's Origin as the log shows it: refused posts are not counted, so an Origin of 12 KB, sent
 * again and again, wrote 12 KB to the log each time.
 */
const LOGGED_ORIGIN_LENGTH = 100;
const shortened = (origin: string | null) =>
  origin === null
    ? 'no Origin'
    : origin.length > LOGGED_ORIGIN_LENGTH
      ? `${origin.slice(0, LOGGED_ORIGIN_LENGTH)}… (${origin.length} characters)`
      : origin;

export function createFormHandler(options: FormHandlerOptions) {
  const { routes, send, inbox, site, siteOrigins = [], log = console.log, now = Date.now } = options;
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const perClient = createRateLimit({ limit: limits.perClient, windowMs: limits.windowMs, now });
  const perRecipient = createRateLimit({ limit: limits.perRecipient, windowMs: limits.windowMs, now });
  const fromPractice = (email: string): Mailbox => ({ name: site.practice.name, address: email });

  async function handleForm(
    form: FormName,
    input: Record<string, unknown>,
    asPage: boolean,
    deadline: AbortSignal,
  ): Promise<Reply> {
    const done = (receipt: ConfirmationReceipt): Reply =>
      form === 'contact'
        ? json(200, { ok: true, message: HANDLER_MESSAGES.contactThanks })
        : json(200, { ok: true, message: HANDLER_MESSAGES.registrationThanks, confirmation: receipt });

    if (form === 'confirmation') return reportConfirmation(input);

    if (honeypotValue(input) !== '') {
      // A robot: it is told the same as a person and nothing is sent.
      log(`[forms] ${form}: honeypot field filled, nothing sent`);
      return done('sent');
    }
    delete input[HONEYPOT_FIELD];

    if (form === 'contact') {
      const checked = validate(contactSchema, input);
      if (!checked.data) return checked.reply;
      const message = checked.data;
      try {
        await sendBefore(
          send,
          {
            to: inbox,
            replyTo: { name: message.name, address: message.email },
            ...contactMail(message, site),
          },
          deadline,
        );
      } catch (error) {
        log(`[forms] contact: the mail server did not take the message: ${mailFailure(error)}`);
        return json(502, { error: HANDLER_MESSAGES.contactFailed });
      }
      log('[forms] contact: message sent to the practice inbox');
      return done('sent');
    }

    const checked = validate(registrationSchema, input);
    if (!checked.data) return checked.reply;
    const details = checked.data;
    const registrant: Mailbox = { name: details.name, address: details.email };
    try {
      await sendBefore(
        send,
        { to: inbox, replyTo: registrant, ...registrationMail(details, site) },
        deadline,
      );
    } catch (error) {
      log(`[forms] registration: the mail server did not take the registration: ${mailFailure(error)}`);
      return json(502, { error: HANDLER_MESSAGES.registrationFailed });
    }
    log('[forms] registration: sent to the practice inbox');

    // The confirmation, once, for this registration only, within the same deadline.
    if (!perRecipient.take(mailboxKey(details.email))) {
      log('[forms] confirmation: too many for this recipient, not sent');
      return done('not-sent');
    }
    try {
      await sendBefore(
        send,
        { to: registrant, replyTo: fromPractice(site.practice.email), ...confirmationMail(details, site) },
        deadline,
      );
    } catch (error) {
      log(`[forms] confirmation: the mail server did not take the e-mail: ${mailFailure(error)}`);
      return done('not-sent');
    }
    log('[forms] confirmation: e-mail sent to the registrant');
    return done('sent');
  }

  /** The confirmation route sends nothing: it reads back the receipt the registration's answer gave. */
  function reportConfirmation(input: Record<string, unknown>): Reply {
    const receipt = input.confirmation;
    if (receipt === 'sent') return json(200, { success: true });
    if (receipt === 'not-sent')
      return json(200, { success: false, error: HANDLER_MESSAGES.confirmationFailed });
    return json(422, { success: false, error: HANDLER_MESSAGES.noReceipt });
  }

  /** Answers one request to a form route; `clientAddress` is the visitor's IP, for the rate limit. */
  return async function handle(request: Request, clientAddress: string): Promise<Response> {
    const { pathname } = new URL(request.url);
    const form = routes[pathname];
    const contentType = (request.headers.get('content-type') ?? '').toLowerCase();
    const asJson = contentType.startsWith('application/json');
    const asPage = contentType.startsWith('application/x-www-form-urlencoded');
    const backTo = form === 'contact' ? '/#contact' : '/training#register';
    const respond = (reply: Reply, kept?: string) => toResponse(reply, asPage, backTo, kept, site.practice);

    if (!form) return respond(json(404, { error: 'Not found' }));
    if (request.method !== 'POST') return respond(json(405, { error: 'Use POST' }, { Allow: 'POST' }));
    if (!asJson && !asPage) return respond(json(415, { error: HANDLER_MESSAGES.unsupported }));
    if (isCrossSite(request, siteOrigins)) {
      log(`[forms] ${form}: refused a post from another site (${shortened(request.headers.get('origin'))})`);
      return respond(json(403, { error: HANDLER_MESSAGES.crossSite, success: false }));
    }
    const declared = Number(request.headers.get('content-length') ?? '0');
    if (declared > limits.maxBodyBytes) return respond(json(413, { error: HANDLER_MESSAGES.tooLarge }));
    // The confirmation route sends nothing (it reads back a receipt), so it is not counted: counted,
    // a registration that was a visitor's last allowed request read as a confirmation not sent.
    if (form !== 'confirmation' && !perClient.take(clientKey(clientAddress))) {
      log(`[forms] ${form}: rate limit reached for a visitor`);
      const retry = String(Math.ceil(limits.windowMs / 1000));
      const reply = json(429, { error: HANDLER_MESSAGES.tooMany, success: false }, { 'Retry-After': retry });
      // A form posted without JavaScript leaves the visitor's text behind: show the message again.
      return respond(reply, asPage && form === 'contact' ? await keptMessageOf(request) : undefined);
    }

    let input: Record<string, unknown> | undefined;
    try {
      const text = await readLimited(request, limits.maxBodyBytes, limits.bodyMs);
      if (text === undefined) return respond(json(413, { error: HANDLER_MESSAGES.tooLarge }));
      input = parseBody(text, asJson);
    } catch (error) {
      if (error instanceof SlowBody) return respond(json(408, { error: HANDLER_MESSAGES.slow }));
      input = undefined; // not JSON, or not UTF-8
    }
    if (!input) return respond(json(400, { error: HANDLER_MESSAGES.unreadable }));
    const reply = await handleForm(form, input, asPage, AbortSignal.timeout(limits.sendMs));
    const kept = form === 'contact' && typeof input.message === 'string' ? input.message : undefined;
    return respond(reply, kept);
  };

  /** The message of a web form's body, read within the usual limits; undefined if it cannot be. */
  async function keptMessageOf(request: Request): Promise<string | undefined> {
    try {
      const text = await readLimited(request, limits.maxBodyBytes, limits.bodyMs);
      const message = text === undefined ? undefined : parseBody(text, false)?.message;
      return typeof message === 'string' ? message : undefined;
    } catch {
      return undefined;
    }
  }
}

export type FormHandler = ReturnType<typeof createFormHandler>;
