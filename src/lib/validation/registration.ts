// Course registration rules (SPEC 5, "Registration form"): every field is required. The messages
// are the specification's exact wording; the two selection messages are ours (the spec has none),
// and the name follows the contact form's rule (docs/spec-interpretations.md).
// The plain rules of ./rules (not zod): this ships to the browser in an island.
import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  type FormSchema,
  formSchema,
  matches,
  maxLength,
  NAME_MESSAGES,
  numberFromText,
  oneOf,
  personName,
  text,
} from './rules';

export const REGISTRATION_MESSAGES = {
  nameMin: NAME_MESSAGES.min,
  nameMax: NAME_MESSAGES.max,
  nameCharacters: NAME_MESSAGES.characters,
  email: 'Please enter a valid email address',
  phone: 'Please enter a valid phone number',
  educationLevel: 'Please select your highest level of education',
  yearsNegative: 'Years must be 0 or greater',
  yearsInvalid: 'Please enter a valid number of years',
  course: 'Please select a course',
  /** Shown above the form, next to the per-field messages, when validation fails. */
  summary: 'Please correct the errors in the form.',
} as const;

export const EDUCATION_LEVELS = ['high_school', 'bachelors', 'masters', 'phd', 'other'] as const;
export type EducationLevel = (typeof EDUCATION_LEVELS)[number];

export const COURSE_IDS = ['intro', 'advanced', 'both'] as const;
export type CourseId = (typeof COURSE_IDS)[number];

export const WORK_EXPERIENCE_LIMITS = { min: 0, max: 50 } as const;

export interface EducationLevelOption {
  value: EducationLevel;
  label: string;
}

export const educationLevelOptions: readonly EducationLevelOption[] = [
  { value: 'high_school', label: 'High school diploma' },
  { value: 'bachelors', label: "Bachelor's degree" },
  { value: 'masters', label: "Master's degree" },
  { value: 'phd', label: 'PhD / Doctorate' },
  { value: 'other', label: 'Other' },
];

/** A course the visitor can pick. The training page passes its own list (from content) to the form. */
export interface CourseOption {
  value: CourseId;
  label: string;
  /** Price in Canadian dollars, shown next to the label. */
  price?: number;
  /** A short extra line such as 'Save $99' or the dates. */
  note?: string;
}

/** Optional leading '+', then at least 10 digits, spaces, hyphens or parentheses. */
export const REGISTRATION_PHONE_PATTERN = /^\+?[\d\s()-]{10,}$/;

/** A valid registration as the visitor entered it (trimmed, years as a number). */
export interface RegistrationDetails {
  name: string;
  email: string;
  phone: string;
  educationLevel: EducationLevel;
  workExperience: number;
  course: CourseId;
}
export type RegistrationField = keyof RegistrationDetails;

export const registrationSchema: FormSchema<RegistrationDetails> = formSchema({
  // The contact form's name rule (SPEC 5 gives the registration only its minimum): the name goes
  // into the confirmation e-mail's greeting and To line, so it is bounded the same way.
  name: personName(),
  email: text(REGISTRATION_MESSAGES.email, [
    matches(EMAIL_PATTERN, REGISTRATION_MESSAGES.email),
    // A longer address than mail servers accept is not a valid one.
    maxLength(EMAIL_MAX_LENGTH, REGISTRATION_MESSAGES.email),
  ]),
  phone: text(REGISTRATION_MESSAGES.phone, [
    matches(REGISTRATION_PHONE_PATTERN, REGISTRATION_MESSAGES.phone),
  ]),
  educationLevel: oneOf(EDUCATION_LEVELS, REGISTRATION_MESSAGES.educationLevel),
  // Form inputs give text; '' and anything that is not a finite number are "not a valid number".
  workExperience: numberFromText(REGISTRATION_MESSAGES.yearsInvalid, [
    (years) => (years >= WORK_EXPERIENCE_LIMITS.min ? undefined : REGISTRATION_MESSAGES.yearsNegative),
    (years) => (years <= WORK_EXPERIENCE_LIMITS.max ? undefined : REGISTRATION_MESSAGES.yearsInvalid),
  ]),
  course: oneOf(COURSE_IDS, REGISTRATION_MESSAGES.course),
});

export const REGISTRATION_FIELDS = [
  'name',
  'email',
  'phone',
  'educationLevel',
  'workExperience',
  'course',
] as const satisfies readonly RegistrationField[];
