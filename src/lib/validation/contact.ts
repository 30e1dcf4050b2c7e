// Contact form rules (SPEC 5, "Contact form"). The messages are the specification's exact wording.
// zod/mini: the same rules at a fraction of the size, since this ships to the browser in an island.
import * as z from 'zod/mini';

export const CONTACT_MESSAGES = {
  nameMin: 'Name must be at least 2 characters',
  nameMax: 'Name must not exceed 100 characters',
  nameCharacters: 'Name can only contain letters, spaces, hyphens, and apostrophes',
  email: 'Please enter a valid email address',
  emailMax: 'Email must not exceed 254 characters',
  phone: 'Please enter a valid phone number',
  messageMin: 'Message must be at least 10 characters',
  messageMax: 'Message must not exceed 1000 characters',
} as const;

export const CONTACT_LIMITS = {
  nameMin: 2,
  nameMax: 100,
  emailMax: 254,
  messageMin: 10,
  messageMax: 1000,
} as const;

/**
 * Letters of any alphabet (\p{L}) with their combining accents (\p{M}, e.g. a decomposed "é"),
 * spaces, hyphens and both the straight and the typographic apostrophe (O'Brien, O’Brien).
 */
export const NAME_PATTERN = /^[\p{L}\p{M} '’-]+$/u;

/**
 * North American number: optional country code (+1 or 1), area code optionally in parentheses,
 * then 3 and 4 digits; groups separated by nothing or one space, dot or hyphen.
 * Accepts 555-123-4567, (555) 123-4567, 555.123.4567, +1 555 123 4567, 1-555-123-4567, 5551234567.
 */
export const NORTH_AMERICAN_PHONE_PATTERN = /^(?:\+?1[ .-]?)?(?:\(\d{3}\)|\d{3})[ .-]?\d{3}[ .-]?\d{4}$/;

export const contactSchema = z.object({
  name: z
    .string({ error: CONTACT_MESSAGES.nameMin })
    .check(
      z.trim(),
      z.minLength(CONTACT_LIMITS.nameMin, CONTACT_MESSAGES.nameMin),
      z.maxLength(CONTACT_LIMITS.nameMax, CONTACT_MESSAGES.nameMax),
      z.regex(NAME_PATTERN, CONTACT_MESSAGES.nameCharacters),
    ),
  email: z.pipe(
    z.string({ error: CONTACT_MESSAGES.email }).check(z.trim()),
    z.email(CONTACT_MESSAGES.email).check(z.maxLength(CONTACT_LIMITS.emailMax, CONTACT_MESSAGES.emailMax)),
  ),
  // Optional: a missing or empty value is sent as ''.
  phone: z._default(
    z.string({ error: CONTACT_MESSAGES.phone }).check(
      z.trim(),
      z.refine((phone) => phone === '' || NORTH_AMERICAN_PHONE_PATTERN.test(phone), CONTACT_MESSAGES.phone),
    ),
    '',
  ),
  message: z
    .string({ error: CONTACT_MESSAGES.messageMin })
    .check(
      z.trim(),
      z.minLength(CONTACT_LIMITS.messageMin, CONTACT_MESSAGES.messageMin),
      z.maxLength(CONTACT_LIMITS.messageMax, CONTACT_MESSAGES.messageMax),
    ),
});

export type ContactField = keyof typeof contactSchema.shape;
/** A valid, trimmed contact message: what is sent to the form service. */
export type ContactMessage = z.output<typeof contactSchema>;

export const CONTACT_FIELDS = [
  'name',
  'email',
  'phone',
  'message',
] as const satisfies readonly ContactField[];
