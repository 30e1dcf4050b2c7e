import type { core } from 'zod/mini';

/** One message per field, keyed by the form field's name. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/**
 * Turns a zod error into `{ field: firstMessage }`: the forms show one message per field, the
 * first rule that failed, which is the order the rules are written in the schema.
 */
export function toFieldErrors<Field extends string>(error: core.$ZodError): FieldErrors<Field> {
  const fieldErrors: FieldErrors<Field> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || field in fieldErrors) continue;
    fieldErrors[field as Field] = issue.message;
  }
  return fieldErrors;
}
