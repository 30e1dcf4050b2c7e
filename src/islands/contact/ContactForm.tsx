/**
 * Contact form island (SPEC 4, 5, 8): idle → submitting → success | error; a validation failure
 * returns to idle with one message per field.
 *
 * The inputs are uncontrolled: the island hydrates on first interaction (client:interact), so a
 * visitor may type into the server-rendered inputs before React runs, and React must not replace
 * what they typed. Values are read from FormData on submit and the <form> is reset on success.
 */
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { endpoints } from '@/lib/endpoints';
import { sendContactMessage } from '@/lib/forms/submit-contact';
import { CONTACT_FIELDS, type ContactField, contactSchema } from '@/lib/validation/contact';
import type { FieldErrors } from '@/lib/validation/field-errors';
import {
  FieldError,
  FieldHint,
  FieldLabel,
  FormNotices,
  type Notice,
  errorIdFor,
  eventFieldName,
  fieldA11y,
  focusFirstInvalid,
  inputClass,
  readText,
  submitButtonClass,
} from './form-fields';
import { withErrorBoundary } from '@/islands/shared/ErrorBoundary';

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
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<ContactField>>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const busy = useRef(false);
  // Focus moves after the render that shows the message, so screen readers read the new state.
  // Kept in state, not a ref: a request made while the island is still hydrating is not lost.
  const [focusRequest, setFocusRequest] = useState<{ target: 'notice' | 'first-invalid' } | null>(null);

  // The server-rendered form keeps native validation for visitors without JavaScript; once React
  // runs, this form's own messages replace the browser's bubbles.
  useEffect(() => {
    if (formRef.current) formRef.current.noValidate = true;
  }, []);

  useEffect(() => {
    if (!focusRequest) return;
    if (focusRequest.target === 'notice') noticeRef.current?.focus();
    else focusFirstInvalid(formRef.current, CONTACT_FIELDS, fieldErrors);
    // Only a new request moves focus; later renders (typing that clears an error) do not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusRequest]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current) return;
    const form = event.currentTarget;
    setFieldErrors({});
    setNotice(null);
    try {
      const parsed = contactSchema.safeParse(readContactForm(form));
      if (!parsed.success) {
        setFocusRequest({ target: 'first-invalid' });
        setFieldErrors(parsed.fieldErrors);
        setStatus('idle');
        return;
      }
      busy.current = true;
      setStatus('submitting');
      const result = await sendContactMessage(parsed.data);
      setFocusRequest({ target: 'notice' });
      if (result.ok) {
        form.reset();
        setStatus('success');
        setNotice({ tone: 'success', message: CONTACT_FORM_TEXT.thankYou });
      } else {
        setStatus('error');
        setNotice({ tone: 'error', message: result.error });
      }
    } catch (error) {
      console.error('[contact] unexpected failure while handling the form:', error);
      setFocusRequest({ target: 'notice' });
      setStatus('error');
      setNotice({ tone: 'error', message: CONTACT_FORM_TEXT.unexpected });
    } finally {
      busy.current = false;
    }
  }

  // Editing a field clears that field's message (and only that one).
  function handleEdit(event: FormEvent<HTMLFormElement>) {
    const field = eventFieldName(event.target) as ContactField | undefined;
    if (!field || !fieldErrors[field]) return;
    setFieldErrors((current) => {
      const { [field]: _cleared, ...rest } = current;
      return rest;
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
      onChange={handleEdit}
      className="flex flex-col gap-5 text-ink"
    >
      <div>
        <FieldLabel htmlFor={ids.name} required>
          Name
        </FieldLabel>
        <input
          id={ids.name}
          name="name"
          type="text"
          autoComplete="name"
          dir="auto"
          required
          disabled={submitting}
          className={inputClass}
          {...fieldA11y(ids.name, fieldErrors.name)}
        />
        <FieldError id={errorIdFor(ids.name)} message={fieldErrors.name} />
      </div>

      <div>
        <FieldLabel htmlFor={ids.email} required>
          Email
        </FieldLabel>
        <input
          id={ids.email}
          name="email"
          type="email"
          autoComplete="email"
          spellCheck={false}
          required
          disabled={submitting}
          className={inputClass}
          {...fieldA11y(ids.email, fieldErrors.email)}
        />
        <FieldError id={errorIdFor(ids.email)} message={fieldErrors.email} />
      </div>

      <div>
        <FieldLabel htmlFor={ids.phone} required={false}>
          Phone
        </FieldLabel>
        <FieldHint id={`${ids.phone}-hint`}>North American number, for example 555-123-4567.</FieldHint>
        <input
          id={ids.phone}
          name="phone"
          type="tel"
          autoComplete="tel"
          disabled={submitting}
          className={inputClass}
          {...fieldA11y(ids.phone, fieldErrors.phone, `${ids.phone}-hint`)}
        />
        <FieldError id={errorIdFor(ids.phone)} message={fieldErrors.phone} />
      </div>

      <div>
        <FieldLabel htmlFor={ids.message} required>
          Message
        </FieldLabel>
        <FieldHint id={`${ids.message}-hint`}>Between 10 and 1,000 characters.</FieldHint>
        <textarea
          id={ids.message}
          name="message"
          rows={6}
          dir="auto"
          required
          disabled={submitting}
          className={`${inputClass} resize-y`}
          {...fieldA11y(ids.message, fieldErrors.message, `${ids.message}-hint`)}
        />
        <FieldError id={errorIdFor(ids.message)} message={fieldErrors.message} />
      </div>

      <div>
        <button type="submit" disabled={submitting} className={submitButtonClass}>
          {submitting ? CONTACT_FORM_TEXT.submitting : CONTACT_FORM_TEXT.submit}
        </button>
        <FormNotices notice={notice} noticeRef={noticeRef} idPrefix="contact" />
      </div>
    </form>
  );
}

export default withErrorBoundary(ContactForm);
