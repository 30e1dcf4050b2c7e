// What the form islands (contact, registration, login, the admin's post form) share between
// submitting and showing the outcome: one message per field, cleared as the visitor edits that
// field; focus moved to the first invalid field or to the form's message once it is on screen; one
// submission at a time (submitOnce); and the browser's own validation bubbles replaced by the form's
// messages.
import { type ChangeEvent, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { FieldErrors } from '@/lib/validation/field-errors';
import { eventFieldName, focusFirstInvalid } from './form-fields';
import { useHydrationSignal } from './use-hydration-signal';

type FocusTarget = 'message' | 'first-invalid';

export function useFormFeedback<Field extends string>(fieldOrder: readonly Field[]) {
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<Field>>({});
  const formRef = useRef<HTMLFormElement>(null);
  useHydrationSignal(formRef); // every public form island is hydrated by client:interact
  /** The element that shows the form's outcome; it receives focus with `focusMessage`. */
  const messageRef = useRef<HTMLDivElement>(null);
  const busy = useRef(false);
  // Focus moves after the render that shows the message, so screen readers read the new state.
  // Kept in state, not a ref, so it is committed together with the message: a submit replayed
  // while the island hydrates may otherwise be answered by an effect of the hydration render.
  const [focusRequest, setFocusRequest] = useState<{ target: FocusTarget } | null>(null);

  // The server-rendered form keeps native validation for visitors without JavaScript (the
  // client:interact directive lifts it as soon as scripts run); the island's messages replace it.
  useEffect(() => {
    if (formRef.current) formRef.current.noValidate = true;
  }, []);

  // A layout effect: focus moves in the same commit that shows the message or the field errors,
  // before the browser paints, so the message is never on screen unfocused (nor announced twice).
  useLayoutEffect(() => {
    if (!focusRequest) return;
    if (focusRequest.target === 'message') messageRef.current?.focus();
    else focusFirstInvalid(formRef.current, fieldOrder, fieldErrors);
    // Only a new request moves focus; later renders (typing that clears an error) do not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusRequest]);

  /** Shows these field messages (replacing any earlier ones) and focuses the first of them. */
  const showFieldErrors = useCallback((errors: FieldErrors<Field>) => {
    setFieldErrors(errors);
    setFocusRequest({ target: 'first-invalid' });
  }, []);

  const focusMessage = useCallback(() => setFocusRequest({ target: 'message' }), []);

  /** onChange of the <form>: editing a field clears that field's message, and only that one. */
  const clearEditedField = useCallback(
    (event: ChangeEvent<HTMLFormElement>) => {
      const field = eventFieldName(event.target) as Field | undefined;
      if (!field || !fieldErrors[field]) return;
      setFieldErrors((current) => {
        const { [field]: _cleared, ...rest } = current;
        return rest as FieldErrors<Field>;
      });
    },
    [fieldErrors],
  );

  /** Runs one submission; a press while one is under way (a double click) is ignored. */
  const submitOnce = useCallback(async (submission: () => Promise<void>) => {
    if (busy.current) return;
    busy.current = true;
    // The fields are disabled while the form is busy: focus in one of them (Enter pressed in a
    // field) moves to the submit button, which stays focusable (SubmitButton), so it is not lost.
    const form = formRef.current;
    if (form?.contains(document.activeElement))
      form.querySelector<HTMLElement>('button[type="submit"]')?.focus();
    try {
      await submission();
    } finally {
      busy.current = false;
    }
  }, []);

  // Refs apart from the actions: React's lint rules take an object holding a ref for a ref.
  const actions = { setFieldErrors, showFieldErrors, focusMessage, clearEditedField, submitOnce };
  return { formRef, messageRef, fieldErrors, actions };
}
