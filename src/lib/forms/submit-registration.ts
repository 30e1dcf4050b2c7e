/**
 * Course registration (SPEC 4, 7, 8): validate, save locally with status 'pending', send it to the
 * form-collection service, then ask the confirmation service to e-mail the visitor.
 *
 * The local save is best effort. IndexedDB may be missing or refused (private windows, storage
 * disabled, full disk); that is logged and the registration is still sent, because the practice
 * only learns about it from the service, never from the visitor's browser.
 */
import type { AppDatabase, Registration } from '@/lib/db';
import { endpoints } from '@/lib/endpoints';
import {
  defaultFetch,
  isConnectionFailure,
  postJson,
  serviceErrorText,
  type FetchLike,
} from '@/lib/forms/post-json';
import { withHoneypot } from '@/lib/forms/honeypot';
import type { FieldErrors } from '@/lib/validation/field-errors';
import {
  type RegistrationDetails,
  type RegistrationField,
  REGISTRATION_FIELDS,
  REGISTRATION_MESSAGES,
  registrationSchema,
} from '@/lib/validation/registration';

export const REGISTRATION_SEND_MESSAGES = {
  /** Service level: the form service accepted the registration. */
  sent: 'Registration sent successfully',
  /** Service level: the form service refused it without saying why. */
  sendFailed: 'Failed to send registration',
  success: "Registration submitted successfully! We'll contact you soon with further details.",
  confirmationFailed:
    'Your registration has been saved but we could not send the confirmation email. We will contact you shortly to confirm your registration.',
  connection: 'Unable to connect to the registration service. Please try again later or contact us directly.',
  failedGeneric: 'Failed to submit registration. Please try again later.',
  unexpected: 'An unexpected error occurred. Please try again later.',
} as const;

export interface RegistrationDependencies {
  fetch?: FetchLike;
  endpoints?: { registration: string; confirmation: string };
  /** Which database to save into; defaults to the shared one. */
  database?: () => AppDatabase;
  now?: () => Date;
  /**
   * The registration this form saved on an earlier, failed attempt: sent again unchanged, it is not
   * saved a second time (one registration, one pending record).
   */
  savedEarlier?: SavedRegistration | undefined;
  /** The hidden honeypot field's value ('' for a person), sent along so the service can drop robots. */
  honeypot?: string;
}

export interface SavedRegistration {
  details: RegistrationDetails;
  id: number;
}

const sameDetails = (a: RegistrationDetails, b: RegistrationDetails) =>
  REGISTRATION_FIELDS.every((field) => a[field] === b[field]);

export type LocalSaveResult = { saved: true; id: number } | { saved: false };

/**
 * Saves the registration with status 'pending'. Never throws; a failure is logged (by runDbOperation
 * once the database code has loaded).
 * The database module (Dexie, about 28 KB gzip) is loaded only now, when a registration is saved,
 * so visitors who only read the training page never download it.
 */
export async function saveRegistrationLocally(
  details: RegistrationDetails,
  { database, now = () => new Date() }: Pick<RegistrationDependencies, 'database' | 'now'> = {},
): Promise<LocalSaveResult> {
  let db: typeof import('@/lib/db');
  try {
    db = await import('@/lib/db');
  } catch (error) {
    // An old page after a redeploy, or the connection lost before the chunk arrived.
    console.error('[registration] could not load the database code:', error);
    return { saved: false };
  }
  const { getDb, runDbOperation } = db;
  const record: Omit<Registration, 'id'> = { ...details, createdAt: now(), status: 'pending' };
  const result = await runDbOperation('save registration', (db) => db.registrations.add(record), {
    database: database ?? getDb,
  });
  return result.ok ? { saved: true, id: result.value } : { saved: false };
}

/**
 * What the site's own form handler answers a registration with: whether it sent the confirmation
 * e-mail along with it (server/form-handler/handler.ts). Passed back to the confirmation service, which
 * reports it; another service answers without one, and gets the registration alone.
 */
export type ConfirmationReceipt = 'sent' | 'not-sent';

export type ServiceResult =
  { ok: true; message: string; receipt?: ConfirmationReceipt } | { ok: false; error: string };

function receiptOf(body: unknown): ConfirmationReceipt | undefined {
  const value = (body as { confirmation?: unknown } | undefined)?.confirmation;
  return value === 'sent' || value === 'not-sent' ? value : undefined;
}

/** Sends the registration to the form service. Rejects on connection failures (the caller words them). */
export async function sendRegistration(
  details: RegistrationDetails,
  fetchImpl: FetchLike,
  url: string,
  honeypot?: string,
): Promise<ServiceResult> {
  const reply = await postJson(fetchImpl, url, withHoneypot(details, honeypot));
  if (!reply.ok) {
    return { ok: false, error: serviceErrorText(reply.body) ?? REGISTRATION_SEND_MESSAGES.sendFailed };
  }
  const receipt = receiptOf(reply.body);
  return { ok: true, message: REGISTRATION_SEND_MESSAGES.sent, ...(receipt ? { receipt } : {}) };
}

/**
 * Asks the confirmation service to e-mail the visitor (the site's own handler only reports what the
 * registration's `receipt` says). True only on an explicit `{ success: true }`.
 */
export async function requestConfirmationEmail(
  details: RegistrationDetails,
  fetchImpl: FetchLike,
  url: string,
  honeypot?: string,
  receipt?: ConfirmationReceipt,
): Promise<boolean> {
  try {
    const payload = withHoneypot(details, honeypot);
    const reply = await postJson(fetchImpl, url, receipt ? { ...payload, confirmation: receipt } : payload);
    const success = (reply.body as { success?: unknown } | undefined)?.success === true;
    if (!reply.ok || !success) console.error('[registration] confirmation e-mail was not sent:', reply);
    return reply.ok && success;
  } catch (error) {
    console.error('[registration] could not reach the confirmation service:', error);
    return false;
  }
}

export type RegistrationOutcome =
  | {
      status: 'invalid';
      fieldErrors: FieldErrors<RegistrationField>;
      message: typeof REGISTRATION_MESSAGES.summary;
    }
  /** Sent and confirmed. */
  | { status: 'success'; message: string; savedLocally: boolean }
  /** Sent, but the confirmation e-mail failed: still a registration, with a warning for the visitor. */
  | { status: 'warning'; message: string; savedLocally: boolean }
  /** Not sent; `saved` is the local record to reuse when the visitor tries again. */
  | { status: 'error'; message: string; savedLocally: boolean; saved?: SavedRegistration };

/** The message for a failure thrown while sending (SPEC 8). */
export function registrationErrorMessage(error: unknown): string {
  if (isConnectionFailure(error)) return REGISTRATION_SEND_MESSAGES.connection;
  if (error instanceof Error) return error.message || REGISTRATION_SEND_MESSAGES.failedGeneric;
  return REGISTRATION_SEND_MESSAGES.unexpected;
}

/**
 * Runs the whole registration. Never throws; the outcome says what the visitor should see.
 * `input` is the raw form values (strings are fine: the schema trims and converts).
 */
export async function submitRegistration(
  input: unknown,
  dependencies: RegistrationDependencies = {},
): Promise<RegistrationOutcome> {
  const parsed = registrationSchema.safeParse(input);
  if (!parsed.success) {
    return {
      status: 'invalid',
      fieldErrors: parsed.fieldErrors,
      message: REGISTRATION_MESSAGES.summary,
    };
  }
  const details = parsed.data;
  const { fetch = defaultFetch(), endpoints: urls = endpoints, honeypot } = dependencies;

  const earlier = dependencies.savedEarlier;
  const local: LocalSaveResult =
    earlier && sameDetails(earlier.details, details)
      ? { saved: true, id: earlier.id }
      : await saveRegistrationLocally(details, dependencies);
  const savedLocally = local.saved;
  const notSent = (message: string): RegistrationOutcome => ({
    status: 'error',
    message,
    savedLocally,
    ...(local.saved ? { saved: { details, id: local.id } } : {}),
  });

  let receipt: ConfirmationReceipt | undefined;
  try {
    const sent = await sendRegistration(details, fetch, urls.registration, honeypot);
    if (!sent.ok) {
      console.error('[registration] the form service refused the registration:', sent.error);
      return notSent(sent.error);
    }
    receipt = sent.receipt;
  } catch (error) {
    console.error('[registration] sending failed:', error);
    return notSent(registrationErrorMessage(error));
  }

  const confirmed = await requestConfirmationEmail(details, fetch, urls.confirmation, honeypot, receipt);
  return confirmed
    ? { status: 'success', message: REGISTRATION_SEND_MESSAGES.success, savedLocally }
    : { status: 'warning', message: REGISTRATION_SEND_MESSAGES.confirmationFailed, savedLocally };
}
