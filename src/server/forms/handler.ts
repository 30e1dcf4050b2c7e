// The site's own form backend: one handler on the web-standard Request/Response API, so the same
// code runs in `npm start` (src/server/forms/node.ts) and in a Netlify Function
// (netlify/functions/forms.mts). It checks each submission with the rules the forms use
// (src/lib/validation), answers in the shapes the forms read (src/lib/forms/post-json.ts:
// `error`, `errors: [{message}]`, and `{ success }` for the confirmation) and sends the e-mails.
import { HONEYPOT_FIELD, honeypotValue } from '../../lib/forms/honeypot';
import { contactSchema } from '../../lib/validation/contact';
import type { FormSchema } from '../../lib/validation/rules';
import { registrationSchema } from '../../lib/validation/registration';
import { confirmationMail, contactMail, escapeHtml, registrationMail, type SiteFacts } from './messages';
import { createRateLimit } from './rate-limit';
import { mailFailure } from './mail-failure';

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

/** Sends one e-mail (the sender is the transport's business); rejects when it was not accepted. */
export type SendMail = (mail: OutgoingMail) => Promise<void>;

export interface FormHandlerOptions {
  /** URL path to form, e.g. { '/__dev/forms/contact': 'contact' }. */
  routes: Record<string, FormName>;
  send: SendMail;
  /** The practice's inbox: contact messages and registrations go there. */
  inbox: string;
  site: SiteFacts;
  limits?: Partial<FormLimits>;
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
}

export const DEFAULT_LIMITS: FormLimits = {
  maxBodyBytes: 16 * 1024,
  perClient: 8,
  perRecipient: 3,
  windowMs: 15 * 60 * 1000,
};

/** What the visitor reads, in the forms' own words where the spec has them (SPEC 8). */
export const HANDLER_MESSAGES = {
  unreadable: 'The submission could not be read.',
  tooLarge: 'The submission is too large.',
  unsupported: 'Send the form as JSON or as a web form.',
  tooMany:
    'Too many submissions from your connection. Please wait a few minutes and try again, or contact us directly.',
  lineBreaks: 'Line breaks and control characters are not allowed in this field.',
  contactFailed: 'Failed to send message',
  registrationFailed: 'Failed to send registration',
  confirmationFailed: 'The confirmation e-mail could not be sent.',
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

function toResponse(reply: Reply, asPage: boolean, backTo: string): Response {
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
  const title = reply.status < 400 ? 'Thank you' : 'Not sent';
  const html =
    `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
    `<title>${title}</title><h1>${title}</h1>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}` +
    `<p><a href="${escapeHtml(backTo)}">Back to the form</a></p></html>`;
  return new Response(html, { status: reply.status, headers });
}

/** The body as text, or undefined past `max` bytes (counted as they arrive, whatever Content-Length says). */
async function readLimited(request: Request, max: number): Promise<string | undefined> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
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

export function createFormHandler(options: FormHandlerOptions) {
  const { routes, send, inbox, site, log = console.log, now = Date.now } = options;
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const perClient = createRateLimit({ limit: limits.perClient, windowMs: limits.windowMs, now });
  const perRecipient = createRateLimit({ limit: limits.perRecipient, windowMs: limits.windowMs, now });
  const fromPractice = (email: string): Mailbox => ({ name: site.practice.name, address: email });

  async function handleForm(form: FormName, input: Record<string, unknown>, asPage: boolean): Promise<Reply> {
    const done = (): Reply =>
      form === 'confirmation'
        ? json(200, { success: true })
        : json(200, {
            ok: true,
            message:
              form === 'contact' ? HANDLER_MESSAGES.contactThanks : HANDLER_MESSAGES.registrationThanks,
          });

    if (honeypotValue(input) !== '') {
      // A robot: it is told the same as a person and nothing is sent.
      log(`[forms] ${form}: honeypot field filled, nothing sent`);
      return done();
    }
    delete input[HONEYPOT_FIELD];

    if (form === 'contact') {
      const checked = validate(contactSchema, input);
      if (!checked.data) return checked.reply;
      const message = checked.data;
      try {
        await send({
          to: inbox,
          replyTo: { name: message.name, address: message.email },
          ...contactMail(message, site),
        });
      } catch (error) {
        log(`[forms] contact: the mail server did not take the message: ${mailFailure(error)}`);
        return json(502, { error: HANDLER_MESSAGES.contactFailed });
      }
      log('[forms] contact: message sent to the practice inbox');
      return done();
    }

    const checked = validate(registrationSchema, input);
    if (!checked.data)
      return form === 'confirmation'
        ? { ...checked.reply, body: { success: false, ...checked.reply.body } }
        : checked.reply;
    const details = checked.data;
    const registrant: Mailbox = { name: details.name, address: details.email };

    const sendConfirmation = async () => {
      if (!perRecipient.take(details.email.toLowerCase())) {
        log('[forms] confirmation: too many for this recipient, not sent');
        return false;
      }
      await send({
        to: registrant,
        replyTo: fromPractice(site.practice.email),
        ...confirmationMail(details, site),
      });
      return true;
    };

    if (form === 'confirmation') {
      try {
        if (!(await sendConfirmation()))
          return json(429, { success: false, error: HANDLER_MESSAGES.tooMany });
      } catch (error) {
        log(`[forms] confirmation: the mail server did not take the e-mail: ${mailFailure(error)}`);
        return json(502, { success: false, error: HANDLER_MESSAGES.confirmationFailed });
      }
      log('[forms] confirmation: e-mail sent to the registrant');
      return done();
    }

    try {
      await send({ to: inbox, replyTo: registrant, ...registrationMail(details, site) });
    } catch (error) {
      log(`[forms] registration: the mail server did not take the registration: ${mailFailure(error)}`);
      return json(502, { error: HANDLER_MESSAGES.registrationFailed });
    }
    log('[forms] registration: sent to the practice inbox');
    // Without JavaScript nobody asks for the confirmation separately: send it now, best effort.
    if (asPage) await sendConfirmation().catch((error) => log(`[forms] confirmation: ${mailFailure(error)}`));
    return done();
  }

  /** Answers one request to a form route; `clientAddress` is the visitor's IP, for the rate limit. */
  return async function handle(request: Request, clientAddress: string): Promise<Response> {
    const { pathname } = new URL(request.url);
    const form = routes[pathname];
    const contentType = (request.headers.get('content-type') ?? '').toLowerCase();
    const asJson = contentType.startsWith('application/json');
    const asPage = contentType.startsWith('application/x-www-form-urlencoded');
    const backTo = form === 'contact' ? '/#contact' : '/training#register';
    const respond = (reply: Reply) => toResponse(reply, asPage, backTo);

    if (!form) return respond(json(404, { error: 'Not found' }));
    if (request.method !== 'POST') return respond(json(405, { error: 'Use POST' }, { Allow: 'POST' }));
    if (!asJson && !asPage) return respond(json(415, { error: HANDLER_MESSAGES.unsupported }));
    const declared = Number(request.headers.get('content-length') ?? '0');
    if (declared > limits.maxBodyBytes) return respond(json(413, { error: HANDLER_MESSAGES.tooLarge }));
    if (!perClient.take(clientAddress)) {
      log(`[forms] ${form}: rate limit reached for a visitor`);
      const retry = String(Math.ceil(limits.windowMs / 1000));
      return respond(
        json(429, { error: HANDLER_MESSAGES.tooMany, success: false }, { 'Retry-After': retry }),
      );
    }

    let input: Record<string, unknown> | undefined;
    try {
      const text = await readLimited(request, limits.maxBodyBytes);
      if (text === undefined) return respond(json(413, { error: HANDLER_MESSAGES.tooLarge }));
      input = parseBody(text, asJson);
    } catch {
      input = undefined; // not JSON, or not UTF-8
    }
    if (!input) return respond(json(400, { error: HANDLER_MESSAGES.unreadable }));
    return respond(await handleForm(form, input, asPage));
  };
}

export type FormHandler = ReturnType<typeof createFormHandler>;
