// The registration form's course choice: one radio per course, with its price and note, in a
// fieldset that carries the error (radios cannot carry aria-invalid; each points at the message).
import { formatPrice } from '@/lib/site/courses';
import type { CourseId, CourseOption } from '@/lib/validation/registration';
import { FieldError, RequirementNote, describedBy, errorIdFor } from '@/islands/shared/form-fields';

export const COURSE_FIELD_ID = 'registration-course';

/** id of a course's radio, for links that choose it (training page's course cards). */
export const courseInputId = (course: CourseId): string => `${COURSE_FIELD_ID}-${course}`;

function priceLabel(price: number | undefined): string {
  return price === undefined ? '' : ` — ${formatPrice(price)}`;
}

interface CourseChoiceProps {
  courses: readonly CourseOption[];
  defaultCourse?: CourseId | undefined;
  error: string | undefined;
  disabled: boolean;
}

export function CourseChoice({ courses, defaultCourse, error, disabled }: CourseChoiceProps) {
  const errorId = errorIdFor(COURSE_FIELD_ID);
  return (
    <fieldset aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined}>
      <legend className="text-base font-semibold text-ink">
        Course <RequirementNote required />
      </legend>
      <div className="mt-2 flex flex-col gap-2">
        {courses.map((course) => {
          const inputId = courseInputId(course.value);
          // The course and price name the radio; its dates are read after them as its description
          // (inside the name they ran into the price: "$299Feb 17…").
          const titleId = `${inputId}-title`;
          const noteId = course.note ? `${inputId}-note` : undefined;
          // The radio goes above a course whose longest word does not fit beside it (large text on a
          // phone cut 'Introductory'), as the training page's topics do with their ticks.
          return (
            <label
              key={course.value}
              htmlFor={inputId}
              className="flex min-h-11 cursor-pointer flex-wrap items-center gap-x-3 rounded-lg border-2 border-field-line bg-page px-3 py-2 has-checked:border-brand"
            >
              <input
                id={inputId}
                name="course"
                type="radio"
                value={course.value}
                defaultChecked={course.value === defaultCourse}
                required
                disabled={disabled}
                className="size-5 shrink-0 accent-brand"
                aria-labelledby={titleId}
                aria-describedby={describedBy(noteId, error && errorId)}
              />
              <span className="flex-1 basis-[min-content] break-words">
                <span id={titleId} className="font-semibold">
                  {course.label}
                  {priceLabel(course.price)}
                </span>
                {course.note && (
                  <span id={noteId} className="block text-sm text-ink-muted">
                    {course.note}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
