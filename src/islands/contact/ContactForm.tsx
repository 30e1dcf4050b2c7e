/**
 * Contact form island (SPEC 4, 5, 8): idle → submitting → success | error; a validation failure
 * returns to idle with one message per field.
 *
 * The inputs are uncontrolled: the island hydrates on first interaction (client:interact), so a
 * visitor may type into the server-rendered inputs before React runs, and React must not replace
 * what they typed. Values are read from FormData on submit and the <form> is reset on success.
 */
import { endpoints } from '@/lib/endpoints';
import { sendContactMessage } from '@/lib/forms/submit-contact';
import {
  CONTACT_FIELDS,
  type ContactField,
  type ContactMessage,
  contactSchema,
} from '@/lib/validation/contact';
import { TextAreaField, TextField, SubmitButton } from '@/islands/shared/form-fields';
import { FormNotices } from '@/islands/shared/form-notices';
import { withErrorBoundary } from '@/islands/shared/ErrorBoundary';
import { HoneypotField, readHoneypot } from '@/islands/shared/honeypot-field';
import { type SendOutcome, useFormSubmission } from '@/islands/shared/use-form-submission';

export const CONTACT_FORM_TEXT = {
  submit: 'Send Message',
  submitting: 'Sending...',
  thankYou: "Thank you for your message. We'll get back to you soon!",
  unexpected: 'An unexpected error occurred',
} as const;

export interface ContactFormProps {
  /** id of the visible heading that names the form; without it the form is labelled 'Contact form'. */
  labelledBy?: string;
}

const ids = {
  name: 'contact-name',
  email: 'contact-email',
  phone: 'contact-phone',
  message: 'contact-message',
} as const satisfies Record<ContactField, string>;

async function send(contact: ContactMessage, form: HTMLFormElement): Promise<SendOutcome<ContactField>> {
  const result = await sendContactMessage(contact, { honeypot: readHoneypot(form) });
  return result.ok
    ? { status: 'success', message: CONTACT_FORM_TEXT.thankYou }
    : { status: 'error', message: result.error };
}

export function ContactForm({ labelledBy }: ContactFormProps) {
  const { status, notice, formRef, messageRef, fieldErrors, onSubmit, onChange } = useFormSubmission({
    fields: CONTACT_FIELDS,
    schema: contactSchema,
    send,
    unexpected: CONTACT_FORM_TEXT.unexpected,
    name: 'contact',
  });

  const submitting = status === 'submitting';

  return (
    <form
      ref={formRef}
      id="contact-form"
      data-status={status}
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : 'Contact form'}
      aria-busy={submitting || undefined}
      method="post"
      action={endpoints.contact}
      onSubmit={onSubmit}
      onChange={onChange}
      className="flex flex-col gap-5 text-ink"
    >
      <TextField
        id={ids.name}
        name="name"
        label="Name"
        error={fieldErrors.name}
        type="text"
        autoComplete="name"
        dir="auto"
        disabled={submitting}
        required
      />

      <TextField
        id={ids.email}
        name="email"
        label="Email"
        error={fieldErrors.email}
        type="email"
        autoComplete="email"
        spellCheck={false}
        disabled={submitting}
        required
      />

      <TextField
        id={ids.phone}
        name="phone"
        label="Phone"
        hint="North American number, for example +1 (555) 123-4567."
        error={fieldErrors.phone}
        type="tel"
        autoComplete="tel"
        disabled={submitting}
      />

      <TextAreaField
        id={ids.message}
        name="message"
        label="Message"
        hint="Between 10 and 1,000 characters."
        error={fieldErrors.message}
        rows={6}
        dir="auto"
        disabled={submitting}
        required
      />

      <HoneypotField id="contact-website" />

      <div>
        <SubmitButton busy={submitting}>
          {submitting ? CONTACT_FORM_TEXT.submitting : CONTACT_FORM_TEXT.submit}
        </SubmitButton>
        <FormNotices
          notice={notice}
          noticeRef={messageRef}
          idPrefix="contact"
          progress={submitting ? CONTACT_FORM_TEXT.submitting : undefined}
        />
      </div>
    </form>
  );
}

export default withErrorBoundary(ContactForm);
