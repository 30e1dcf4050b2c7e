// The public forms' submission (contact, registration; SPEC 5 and 8), one cycle for both: the
// fields are read from the form (its inputs are uncontrolled, so what a visitor typed before the
// island hydrated is kept), checked by the form's schema, sent, and the outcome shown and focused.
// A sent form is emptied; a refused one keeps every value; a failure thrown anywhere is logged and
// said in the form's own words, never left as a form that seems to do nothing.
import { type SubmitEvent, useState } from 'react';
import type { FieldErrors } from '@/lib/validation/field-errors';
import type { FormSchema } from '@/lib/validation/rules';
import { readText } from './form-fields';
import type { Notice } from './form-notices';
import { useFormFeedback } from './use-form-feedback';

export type FormStatus = 'idle' | 'submitting' | 'success' | 'error';

/** How one send ended: sent (the form is emptied), refused field by field, or not sent. */
export type SendOutcome<Field extends string> =
  | { status: 'success' | 'warning'; message: string }
  | { status: 'invalid'; fieldErrors: FieldErrors<Field>; message: string }
  | { status: 'error'; message: string };

export interface FormSubmission<Data extends object, Field extends keyof Data & string> {
  /** The fields in the order a visitor meets them: read from the form, and the first invalid focused. */
  fields: readonly Field[];
  schema: FormSchema<Data>;
  send(data: Data, form: HTMLFormElement): Promise<SendOutcome<Field>>;
  /** Shown as well as the fields' messages when the form's own check fails; nothing when omitted. */
  invalidSummary?: string;
  /** Shown when something throws, which `send` is not meant to do. */
  unexpected: string;
  /** Names the form in the console. */
  name: string;
}

export function useFormSubmission<Data extends object, Field extends keyof Data & string>({
  fields,
  schema,
  send,
  invalidSummary,
  unexpected,
  name,
}: FormSubmission<Data, Field>) {
  const [status, setStatus] = useState<FormStatus>('idle');
  const [notice, setNotice] = useState<Notice | null>(null);
  const { formRef, messageRef, fieldErrors, actions: form } = useFormFeedback(fields);

  function showRefusal(errors: FieldErrors<Field>, message: string | undefined) {
    form.showFieldErrors(errors);
    setNotice(message ? { tone: 'error', message } : null);
    setStatus('idle');
  }

  async function submit(element: HTMLFormElement) {
    form.setFieldErrors({});
    setNotice(null);
    try {
      const values = new FormData(element);
      const parsed = schema.safeParse(
        Object.fromEntries(fields.map((field) => [field, readText(values, field)])),
      );
      if (!parsed.success) return showRefusal(parsed.fieldErrors as FieldErrors<Field>, invalidSummary);
      setStatus('submitting');
      const outcome = await send(parsed.data, element);
      if (outcome.status === 'invalid') return showRefusal(outcome.fieldErrors, outcome.message);
      form.focusMessage();
      if (outcome.status === 'error') {
        setStatus('error');
        setNotice({ tone: 'error', message: outcome.message });
      } else {
        element.reset();
        setStatus('success');
        setNotice({ tone: outcome.status, message: outcome.message });
      }
    } catch (error) {
      console.error(`[${name}] unexpected failure while handling the form:`, error);
      form.focusMessage();
      setStatus('error');
      setNotice({ tone: 'error', message: unexpected });
    }
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    void form.submitOnce(() => submit(element));
  }

  return { status, notice, formRef, messageRef, fieldErrors, onSubmit, onChange: form.clearEditedField };
}
