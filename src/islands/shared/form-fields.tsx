// Building blocks shared by the form islands (contact, registration, login, admin post form and
// post list): labels that say "required" in words, error text tied to its input, and live-region
// notices. Colours come from the theme tokens so the high-contrast and dark modes apply.
import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';

export const inputClass =
  'mt-1 block min-h-11 w-full rounded-lg border-2 border-field-line bg-page px-3 py-2 text-base text-ink ' +
  'placeholder:text-ink-muted disabled:cursor-not-allowed disabled:opacity-70 ' +
  'aria-[invalid=true]:border-danger';

const submitButtonClass =
  'inline-flex min-h-11 min-w-[min(11rem,100%)] items-center justify-center rounded-lg bg-brand px-6 py-3 text-base ' +
  'font-semibold text-on-brand hover:bg-brand-strong aria-disabled:cursor-not-allowed aria-disabled:opacity-70';

/**
 * A form's submit button (the public forms' look unless `className` says otherwise). While the form
 * is busy it is marked disabled with aria-disabled, not the disabled attribute: a disabled button
 * drops keyboard focus to the page, and someone using a screen reader would lose their place until
 * the answer comes (WCAG 2.4.3). Busy, a click on it does nothing, and the forms ignore a second
 * submit (useFormFeedback's submitOnce, the admin's handleSubmit).
 */
export function SubmitButton({
  busy,
  children,
  className = submitButtonClass,
}: {
  busy: boolean;
  children: ReactNode;
  className?: string;
}) {
  return (
    <button
      type="submit"
      aria-disabled={busy || undefined}
      onClick={(event) => {
        if (busy) event.preventDefault();
      }}
      className={className}
    >
      {children}
    </button>
  );
}

/** Joins the ids of the texts that describe an input, skipping the absent ones. */
export function describedBy(...ids: Array<string | false | undefined>): string | undefined {
  const present = ids.filter(Boolean);
  return present.length > 0 ? present.join(' ') : undefined;
}

export function errorIdFor(inputId: string): string {
  return `${inputId}-error`;
}

interface FieldLabelProps {
  htmlFor?: string;
  required: boolean;
  children: ReactNode;
}

/** "Name (required)": the requirement is in the text, not only in a colour or an asterisk. */
export function FieldLabel({ htmlFor, required, children }: FieldLabelProps) {
  return (
    <label htmlFor={htmlFor} className="block text-base font-semibold text-ink">
      {children} <RequirementNote required={required} />
    </label>
  );
}

export function RequirementNote({ required }: { required: boolean }) {
  return <span className="font-normal text-ink-muted">{required ? '(required)' : '(optional)'}</span>;
}

/** The red message under an input; its id goes into the input's aria-describedby. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-2 text-base font-semibold text-danger">
      {message}
    </p>
  );
}

export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1 text-sm text-ink-muted">
      {children}
    </p>
  );
}

/** The text value of a form field; absent fields (an unchecked radio group) read as ''. */
export function readText(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === 'string' ? value : '';
}

/** Focuses the first field, in form order, that has an error (an editor names its field with data-field). */
export function focusFirstInvalid(
  form: HTMLFormElement | null,
  fieldOrder: readonly string[],
  errors: object,
) {
  const first = fieldOrder.find((field) => field in errors);
  if (!form || !first) return;
  const control = form.querySelector<HTMLElement>(`[name="${first}"], [data-field="${first}"]`);
  control?.focus();
}

/** The `name` of the control an input or change event came from, if any. */
export function eventFieldName(target: EventTarget | null): string | undefined {
  if (
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  ) {
    return target.name || undefined;
  }
  return undefined;
}

/** The ARIA wiring of one input: invalid state and the ids of its hint and error text. */
export function fieldA11y(inputId: string, error: string | undefined, hintId?: string) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(hintId, error && errorIdFor(inputId)),
  } as const;
}

interface FieldProps {
  id: string;
  name: string;
  label: ReactNode;
  /** Shown under the label and read with the input (aria-describedby). */
  hint?: ReactNode;
  /** This field's message; it marks the input invalid and is read with it. */
  error: string | undefined;
}

/** A field's label (saying required or optional), optional hint, control, and error message. */
function Field({
  id,
  label,
  hint,
  error,
  required,
  control,
}: Omit<FieldProps, 'name'> & {
  required: boolean;
  control: (wiring: ReturnType<typeof fieldA11y>) => ReactNode;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div>
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      {hintId && <FieldHint id={hintId}>{hint}</FieldHint>}
      {control(fieldA11y(id, error, hintId))}
      <FieldError id={errorIdFor(id)} message={error} />
    </div>
  );
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, keyof FieldProps | 'children'> & FieldProps;

/** One single-line field, all wired together; other attributes pass through to the <input>. */
export function TextField({
  id,
  name,
  label,
  hint,
  error,
  required = false,
  className,
  ...input
}: TextFieldProps) {
  const control = (wiring: ReturnType<typeof fieldA11y>) => (
    <input
      id={id}
      name={name}
      required={required}
      className={className ? `${inputClass} ${className}` : inputClass}
      {...input}
      {...wiring}
    />
  );
  return <Field id={id} label={label} hint={hint} error={error} required={required} control={control} />;
}

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, keyof FieldProps | 'children'> &
  FieldProps;

/** One multi-line field (the height can be dragged), wired as TextField; attributes pass to the <textarea>. */
export function TextAreaField({
  id,
  name,
  label,
  hint,
  error,
  required = false,
  ...textarea
}: TextAreaFieldProps) {
  const control = (wiring: ReturnType<typeof fieldA11y>) => (
    <textarea
      id={id}
      name={name}
      required={required}
      {...textarea}
      className={`${inputClass} resize-y`}
      {...wiring}
    />
  );
  return <Field id={id} label={label} hint={hint} error={error} required={required} control={control} />;
}
