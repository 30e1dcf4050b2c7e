// Field rules for the public forms (contact, registration, login).
//
// Why not zod here: these rules ship to every visitor who uses a form, and zod (even zod/mini)
// adds 5-7 KB gzip of schema machinery for a handful of length and pattern checks, which put the
// home and training pages over their 90 KB script budget. These few helpers keep the zod habits
// that matter (one schema per form, declared once, rules in order, the first failure per field is
// the message shown, a typed clean output) in well under 1 KB. The admin and the build, which do
// not ship to visitors, keep zod.
import type { FieldErrors } from './field-errors';

/** What a rule makes of one raw value: the clean value, or the message to show. */
export type FieldResult<T> = { ok: true; value: T } | { ok: false; message: string };
export type FieldRule<T> = (raw: unknown) => FieldResult<T>;

/** A check on text that is already trimmed: the message when it fails, otherwise undefined. */
export type TextCheck = (value: string) => string | undefined;

export type SchemaResult<Output, Field extends string> =
  { success: true; data: Output } | { success: false; fieldErrors: FieldErrors<Field> };

export interface FormSchema<Output extends object> {
  readonly fields: readonly (keyof Output & string)[];
  safeParse(input: unknown): SchemaResult<Output, keyof Output & string>;
}

type Shape = Record<string, FieldRule<unknown>>;
type OutputOf<S extends Shape> = { [K in keyof S]: S[K] extends FieldRule<infer T> ? T : never };

/** A form's schema: each field's rule, run on the matching property of the input. */
export function formSchema<S extends Shape>(shape: S): FormSchema<OutputOf<S>> {
  const fields = Object.keys(shape) as (keyof S & string)[];
  return {
    fields,
    safeParse(input) {
      const values: Record<string, unknown> =
        typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
      const data: Record<string, unknown> = {};
      const fieldErrors: FieldErrors<keyof S & string> = {};
      for (const field of fields) {
        const result = shape[field]!(values[field]);
        if (result.ok) data[field] = result.value;
        else fieldErrors[field] = result.message;
      }
      return Object.keys(fieldErrors).length === 0
        ? { success: true, data: data as OutputOf<S> }
        : { success: false, fieldErrors };
    },
  };
}

/**
 * Text, trimmed, then checked in order; the first failing check gives the message. A value that
 * is not a string (a missing field) fails with `missing`. With `optional`, a missing value counts
 * as '' and the checks still run (so a check can accept '').
 */
export function text(
  missing: string,
  checks: TextCheck[],
  options: { optional?: boolean } = {},
): FieldRule<string> {
  return (raw) => {
    if (raw === undefined && options.optional) raw = '';
    if (typeof raw !== 'string') return { ok: false, message: missing };
    const value = raw.trim();
    for (const check of checks) {
      const message = check(value);
      if (message !== undefined) return { ok: false, message };
    }
    return { ok: true, value };
  };
}

/** Like `text`, but taken exactly as typed (a password may begin or end with a space). */
export function untrimmedText(missing: string, checks: TextCheck[]): FieldRule<string> {
  return (raw) => {
    if (typeof raw !== 'string') return { ok: false, message: missing };
    for (const check of checks) {
      const message = check(raw);
      if (message !== undefined) return { ok: false, message };
    }
    return { ok: true, value: raw };
  };
}

// Lengths count UTF-16 code units (String.length), as zod and the browser's maxlength do.
export const minLength =
  (min: number, message: string): TextCheck =>
  (value) =>
    value.length >= min ? undefined : message;

export const maxLength =
  (max: number, message: string): TextCheck =>
  (value) =>
    value.length <= max ? undefined : message;

export const matches =
  (pattern: RegExp, message: string): TextCheck =>
  (value) =>
    pattern.test(value) ? undefined : message;

/**
 * An e-mail address as people type them: a local part of letters, digits and . _ % + ' -
 * (not starting or ending with a dot, no two dots in a row), '@', then domain labels of letters,
 * digits and inner hyphens, ending in a top-level domain of two or more letters.
 */
export const EMAIL_PATTERN =
  /^(?!\.)(?!.*\.\.)[\w.%+'-]+(?<!\.)@(?:[a-z\d](?:[a-z\d-]*[a-z\d])?\.)+[a-z]{2,}$/i;

/** A person's name, as both public forms take it (SPEC 5, the contact form's rule). */
export const NAME_MESSAGES = {
  min: 'Name must be at least 2 characters',
  max: 'Name must not exceed 100 characters',
  characters: 'Name can only contain letters, spaces, hyphens, and apostrophes',
} as const;

export const NAME_LIMITS = { min: 2, max: 100 } as const;

/** The longest e-mail address mail servers accept (RFC 5321), for both forms. */
export const EMAIL_MAX_LENGTH = 254;

/**
 * Letters of any alphabet (\p{L}) with their combining accents (\p{M}, e.g. a decomposed "é"),
 * spaces, hyphens and both the straight and the typographic apostrophe (O'Brien, O’Brien). Not the
 * few that show as nothing (\p{DI}: the Hangul fillers, variation selectors), which made a name of
 * blanks reach the practice's inbox and a stranger's greeting.
 */
export const NAME_PATTERN = /^(?:(?!\p{DI})[\p{L}\p{M} '’-])+$/u;

/**
 * The name rule of both forms. It also bounds what a visitor's name can put into an e-mail the
 * practice sends (the greeting and the To display name): no links, no markup, at most 100 letters.
 */
export const personName = (): FieldRule<string> =>
  text(NAME_MESSAGES.min, [
    minLength(NAME_LIMITS.min, NAME_MESSAGES.min),
    maxLength(NAME_LIMITS.max, NAME_MESSAGES.max),
    matches(NAME_PATTERN, NAME_MESSAGES.characters),
  ]);

/** One of a fixed list of values (a select or a radio group). */
export function oneOf<const Values extends readonly string[]>(
  values: Values,
  message: string,
): FieldRule<Values[number]> {
  return (raw) =>
    typeof raw === 'string' && (values as readonly string[]).includes(raw)
      ? { ok: true, value: raw as Values[number] }
      : { ok: false, message };
}

/**
 * A number as people write it: digits with an optional sign, decimal point and exponent. Not what
 * else Number() reads, such as '0x1A' (26), '0b11' or '0o7'.
 */
const DECIMAL_NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

/**
 * A number typed as text (or already a number): '' and anything that is not a finite decimal
 * number fail with `invalid`; then `checks` run on the number in order.
 */
export function numberFromText(
  invalid: string,
  checks: ((value: number) => string | undefined)[],
): FieldRule<number> {
  return (raw) => {
    const value =
      typeof raw === 'string' ? (DECIMAL_NUMBER.test(raw.trim()) ? Number(raw.trim()) : NaN) : raw;
    if (typeof value !== 'number' || !Number.isFinite(value)) return { ok: false, message: invalid };
    for (const check of checks) {
      const message = check(value);
      if (message !== undefined) return { ok: false, message };
    }
    return { ok: true, value };
  };
}
