// The forms' honeypot: a field people never see or reach, which form-filling robots fill in.
// '_gotcha' is the name Formspree (and Basin, Getform...) already treat as a honeypot, so the same
// field protects outside services and our own handler (server/form-handler/handler.ts) alike.

export const HONEYPOT_FIELD = '_gotcha';

/** What the hidden field holds: '' for a person, anything else for a robot. */
export function honeypotValue(input: unknown): string {
  if (typeof input !== 'object' || input === null) return '';
  const value = (input as Record<string, unknown>)[HONEYPOT_FIELD];
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  // A form sends text; any other JSON value is a robot's. Not String() on an object: posted as
  // {"toString": null, "valueOf": null} it throws, and the form handler answered 500.
  return typeof value === 'object' ? 'not text' : String(value);
}

/**
 * The payload with the honeypot added only when it was filled: people's submissions stay exactly
 * the fields the service expects.
 */
export function withHoneypot<T extends object>(payload: T, honeypot: string | undefined): T {
  return honeypot ? { ...payload, [HONEYPOT_FIELD]: honeypot } : payload;
}
