// Contact form rules (SPEC 5, "Contact form"). The messages are the specification's exact wording.
// The plain rules of ./rules (not zod): this ships to the browser in an island.
import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  type FormSchema,
  formSchema,
  matches,
  maxLength,
  minLength,
  NAME_LIMITS,
  NAME_MESSAGES,
  personName,
  text,
} from './rules';

export const CONTACT_MESSAGES = {
  nameMin: NAME_MESSAGES.min,
  nameMax: NAME_MESSAGES.max,
  nameCharacters: NAME_MESSAGES.characters,
  email: 'Please enter a valid email address',
  emailMax: 'Email must not exceed 254 characters',
  phone: 'Please enter a valid phone number',
  messageMin: 'Message must be at least 10 characters',
  messageMax: 'Message must not exceed 1000 characters',
} as const;

export const CONTACT_LIMITS = {
  nameMin: NAME_LIMITS.min,
  nameMax: NAME_LIMITS.max,
  emailMax: EMAIL_MAX_LENGTH,
  messageMin: 10,
  messageMax: 1000,
} as const;

/**
 * North American number: optional country code (+1 or 1), area code optionally in parentheses,
 * then 3 and 4 digits; groups separated by nothing or one space, dot or hyphen.
 * Accepts 555-123-4567, (555) 123-4567, 555.123.4567, +1 555 123 4567, 1-555-123-4567, 5551234567.
 */
export const NORTH_AMERICAN_PHONE_PATTERN = /^(?:\+?1[ .-]?)?(?:\(\d{3}\)|\d{3})[ .-]?\d{3}[ .-]?\d{4}$/;

export const contactSchema: FormSchema<ContactMessage> = formSchema({
  name: personName(),
  email: text(CONTACT_MESSAGES.email, [
    matches(EMAIL_PATTERN, CONTACT_MESSAGES.email),
    maxLength(CONTACT_LIMITS.emailMax, CONTACT_MESSAGES.emailMax),
  ]),
  // Optional: a missing or empty value is sent as ''.
  phone: text(
    CONTACT_MESSAGES.phone,
    [
      (phone) =>
        phone === '' || NORTH_AMERICAN_PHONE_PATTERN.test(phone) ? undefined : CONTACT_MESSAGES.phone,
    ],
    { optional: true },
  ),
  message: text(CONTACT_MESSAGES.messageMin, [
    minLength(CONTACT_LIMITS.messageMin, CONTACT_MESSAGES.messageMin),
    maxLength(CONTACT_LIMITS.messageMax, CONTACT_MESSAGES.messageMax),
  ]),
});

/** A valid, trimmed contact message: what is sent to the form service. */
export interface ContactMessage {
  name: string;
  email: string;
  phone: string;
  message: string;
}
export type ContactField = keyof ContactMessage;

export const CONTACT_FIELDS = [
  'name',
  'email',
  'phone',
  'message',
] as const satisfies readonly ContactField[];
