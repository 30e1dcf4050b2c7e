/**
 * Contact form island (SPEC 4, 5, 8): idle → submitting → success | error; a validation failure
 * returns to idle with one message per field.
 *
 * The inputs are uncontrolled: the island hydrates on first interaction (client:interact), so a
 * visitor may type into the server-rendered inputs before React runs, and React must not replace
 * what they typed. Values are read from FormData on submit and the <form> is reset on success.
 */
import { type SubmitEvent, useState } from 'react';
import { endpoints } from '@/lib/endpoints';
import { sendContactMessage } from '@/lib/forms/submit-contact';
import { CONTACT_FIELDS, type ContactField, contactSchema } from '@/lib/validation/contact';
import { readText, TextAreaField, TextField, SubmitButton } from '@/islands/shared/form-fields';
import { FormNotices, type Notice } from '@/islands/shared/form-notices';
import { withErrorBoundary } from '@/islands/shared/ErrorBoundary';
import { HoneypotField, readHoneypot } from '@/islands/shared/honeypot-field';
import { useFormFeedback } from '@/islands/shared/use-form-feedback';

export const CONTACT_FORM_TEXT = {
  submit: 'Send Message',
  submitting: 'Sending...',
  thankYou: "Thank you for your message. We'll get back to you soon!",
  unexpected: 'An unexpected error occurred',
} as const;

export type ContactFormStatus = 'idle' | 'submitting' | 'success' | 'error';

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

function readContactForm(form: HTMLFormElement): Record<ContactField, string> {
  const data = new FormData(form);
  return {
    name: readText(data, 'name'),
    email: readText(data, 'email'),
    phone: readText(data, 'phone'),
    message: readText(data, 'message'),
  };
}

export function ContactForm({ labelledBy }: ContactFormProps) {
  const [status, setStatus] = useState<ContactFormStatus>('idle');
  const [notice, setNotice] = useState<Notice | null>(null);
  const { formRef, messageRef, fieldErrors, actions: form } = useFormFeedback(CONTACT_FIELDS);

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    await form.submitOnce(async () => {
      form.setFieldErrors({});
      setNotice(null);
      try {
        const parsed = contactSchema.safeParse(readContactForm(element));
        if (!parsed.success) {
          form.showFieldErrors(parsed.fieldErrors);
          setStatus('idle');
          return;
        }
        setStatus('submitting');
        const result = await sendContactMessage(parsed.data, { honeypot: readHoneypot(element) });
        form.focusMessage();
        if (result.ok) {
          element.reset();
          setStatus('success');
          setNotice({ tone: 'success', message: CONTACT_FORM_TEXT.thankYou });
        } else {
          setStatus('error');
          setNotice({ tone: 'error', message: result.error });
        }
      } catch (error) {
        console.error('[contact] unexpected failure while handling the form:', error);
        form.focusMessage();
        setStatus('error');
        setNotice({ tone: 'error', message: CONTACT_FORM_TEXT.unexpected });
      }
    });
  }

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
      onSubmit={(event) => void handleSubmit(event)}
      onChange={form.clearEditedField}
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
