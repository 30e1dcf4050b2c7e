// The training courses as the page and the registration form show them (content/training/courses.json
// is the one source): prices in one format, and the form's options built from the same entries.
import type { CourseOption } from '@/lib/validation/registration';

/** '$299', '$1,299': a whole number of Canadian dollars. */
export function formatPrice(dollars: number): string {
  return `$${dollars.toLocaleString('en-CA')}`;
}

export interface CourseContent {
  courses: readonly {
    id: 'intro' | 'advanced';
    title: string;
    price: number;
    upcoming: string;
    schedule: string;
  }[];
  bundle: { price: number; saving: number };
}

/** The registration form's choices: each course with its dates, then both at the bundle price. */
export function courseOptionsFrom({ courses, bundle }: CourseContent): CourseOption[] {
  return [
    ...courses.map((course) => ({
      value: course.id,
      label: course.title,
      price: course.price,
      note: `${course.upcoming}, ${course.schedule}`,
    })),
    { value: 'both', label: 'Both courses', price: bundle.price, note: `Save ${formatPrice(bundle.saving)}` },
  ];
}
