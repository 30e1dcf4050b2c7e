// Sends a contact message to the form-collection service (SPEC 7) with the outcomes of SPEC 8.
import { endpoints } from '@/lib/endpoints';
import {
  defaultFetch,
  isConnectionFailure,
  postJson,
  serviceErrorText,
  type FetchLike,
} from '@/lib/forms/post-json';
import { withHoneypot } from '@/lib/forms/honeypot';
import type { ContactMessage } from '@/lib/validation/contact';

export const CONTACT_SEND_MESSAGES = {
  success: 'Message sent successfully',
  failure: 'Failed to send message',
  unexpected: 'An unexpected error occurred. Please try again.',
} as const;

export type ContactSendResult = { ok: true; message: string } | { ok: false; error: string };

export interface ContactSendOptions {
  fetch?: FetchLike;
  endpoint?: string;
  /** The hidden honeypot field's value ('' for a person). */
  honeypot?: string;
}

/**
 * POSTs `{ name, email, phone, message }` as JSON. Never throws: a refusal gives the service's
 * error text or 'Failed to send message'; so does a connection failure (it has no server text, and
 * the browser's own wording such as "Failed to fetch" would mean nothing to a visitor).
 */
export async function sendContactMessage(
  contact: ContactMessage,
  { fetch = defaultFetch(), endpoint = endpoints.contact, honeypot }: ContactSendOptions = {},
): Promise<ContactSendResult> {
  try {
    const { name, email, phone, message } = contact;
    const reply = await postJson(fetch, endpoint, withHoneypot({ name, email, phone, message }, honeypot));
    if (!reply.ok) {
      return { ok: false, error: serviceErrorText(reply.body) ?? CONTACT_SEND_MESSAGES.failure };
    }
    return { ok: true, message: CONTACT_SEND_MESSAGES.success };
  } catch (error) {
    if (isConnectionFailure(error)) {
      console.error('[contact] could not reach the form service:', error);
      return { ok: false, error: CONTACT_SEND_MESSAGES.failure };
    }
    if (error instanceof Error) {
      console.error('[contact] sending failed:', error);
      return { ok: false, error: error.message || CONTACT_SEND_MESSAGES.failure };
    }
    console.error('[contact] sending failed with a non-error value:', error);
    return { ok: false, error: CONTACT_SEND_MESSAGES.unexpected };
  }
}
