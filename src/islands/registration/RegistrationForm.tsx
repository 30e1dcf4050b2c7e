/**
 * Course registration island (SPEC 4, 5, 8): idle → submitting → success | error; a validation
 * failure returns to idle with one message per field and a summary.
 *
 * Uncontrolled inputs, for the same reason as the contact form: the island hydrates on first
 * interaction (client:interact) and must keep what the visitor typed into the server-rendered form.
 */
import { useRef } from 'react';
import { endpoints } from '@/lib/endpoints';
import {
  REGISTRATION_SEND_MESSAGES,
  type SavedRegistration,
  submitRegistration,
} from '@/lib/forms/submit-registration';
import {
  type CourseId,
  type CourseOption,
  REGISTRATION_FIELDS,
  REGISTRATION_MESSAGES,
  type RegistrationField,
  educationLevelOptions,
  registrationSchema,
} from '@/lib/validation/registration';
import {
  FieldError,
  FieldLabel,
  errorIdFor,
  fieldA11y,
  inputClass,
  TextField,
  SubmitButton,
} from '@/islands/shared/form-fields';
import { FormNotices } from '@/islands/shared/form-notices';
import { withErrorBoundary } from '@/islands/shared/ErrorBoundary';
import { HoneypotField, readHoneypot } from '@/islands/shared/honeypot-field';
import { useFormSubmission } from '@/islands/shared/use-form-submission';
import { COURSE_FIELD_ID, CourseChoice } from './CourseChoice';

export const REGISTRATION_FORM_TEXT = {
  submit: 'Register',
  submitting: 'Submitting...',
} as const;

export interface RegistrationFormProps {
  /** Courses with labels and prices, from the training page's content (courseOptionsFrom). */
  courses: readonly CourseOption[];
  /** Course checked when the form loads (and after a reset), e.g. from a course card's link. */
  defaultCourse?: CourseId;
  /** id of the visible heading that names the form; without it the form is labelled 'Course registration'. */
  labelledBy?: string;
}

const ids = {
  name: 'registration-name',
  email: 'registration-email',
  phone: 'registration-phone',
  educationLevel: 'registration-education',
  workExperience: 'registration-experience',
  course: COURSE_FIELD_ID,
} as const satisfies Record<RegistrationField, string>;

export { courseInputId } from './CourseChoice';

export function RegistrationForm({ courses, defaultCourse, labelledBy }: RegistrationFormProps) {
  // Saved in this browser on a failed attempt: a retry of the same registration reuses the record.
  const savedEarlier = useRef<SavedRegistration | undefined>(undefined);
  const { status, notice, formRef, messageRef, fieldErrors, onSubmit, onChange } = useFormSubmission({
    fields: REGISTRATION_FIELDS,
    schema: registrationSchema,
    async send(registration, form) {
      const outcome = await submitRegistration(registration, {
        savedEarlier: savedEarlier.current,
        honeypot: readHoneypot(form),
      });
      savedEarlier.current = outcome.status === 'error' ? outcome.saved : undefined;
      return outcome;
    },
    invalidSummary: REGISTRATION_MESSAGES.summary,
    unexpected: REGISTRATION_SEND_MESSAGES.unexpected,
    name: 'registration',
  });

  const submitting = status === 'submitting';

  return (
    <form
      ref={formRef}
      id="registration-form"
      data-status={status}
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : 'Course registration'}
      aria-busy={submitting || undefined}
      method="post"
      action={endpoints.registration}
      onSubmit={onSubmit}
      onChange={onChange}
      className="flex flex-col gap-5 text-ink"
    >
      <p className="text-base text-ink-muted">All fields are required.</p>

      <TextField
        id={ids.name}
        name="name"
        label="Full name"
        error={fieldErrors.name}
        type="text"
        autoComplete="name"
        dir="auto"
        disabled={submitting}
        required
      />

      <TextField
        id={ids.email}
        name="email"
        label="Email"
        error={fieldErrors.email}
        type="email"
        autoComplete="email"
        spellCheck={false}
        disabled={submitting}
        required
      />

      <TextField
        id={ids.phone}
        name="phone"
        label="Phone"
        hint="Digits, spaces, hyphens or parentheses, for example +1 (555) 123-4567."
        error={fieldErrors.phone}
        type="tel"
        autoComplete="tel"
        disabled={submitting}
        required
      />

      <div>
        <FieldLabel htmlFor={ids.educationLevel} required>
          Highest level of education
        </FieldLabel>
        <select
          id={ids.educationLevel}
          name="educationLevel"
          defaultValue=""
          required
          disabled={submitting}
          className={inputClass}
          {...fieldA11y(ids.educationLevel, fieldErrors.educationLevel)}
        >
          <option value="" disabled>
            Select your education level
          </option>
          {educationLevelOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <FieldError id={errorIdFor(ids.educationLevel)} message={fieldErrors.educationLevel} />
      </div>

      {/* Text with a numeric keyboard rather than type="number", which changes its value on scroll and
          hides what was typed when it is not a number; this form explains such input instead. */}
      <TextField
        id={ids.workExperience}
        name="workExperience"
        label="Years of work experience"
        hint="A number from 0 to 50."
        error={fieldErrors.workExperience}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        disabled={submitting}
        className="max-w-40"
        required
      />

      <CourseChoice
        courses={courses}
        defaultCourse={defaultCourse}
        error={fieldErrors.course}
        disabled={submitting}
      />

      <HoneypotField id="registration-website" />

      <div>
        <SubmitButton busy={submitting}>
          {submitting ? REGISTRATION_FORM_TEXT.submitting : REGISTRATION_FORM_TEXT.submit}
        </SubmitButton>
        <FormNotices
          notice={notice}
          noticeRef={messageRef}
          idPrefix="registration"
          progress={submitting ? REGISTRATION_FORM_TEXT.submitting : undefined}
        />
      </div>
    </form>
  );
}

export default withErrorBoundary(RegistrationForm);
