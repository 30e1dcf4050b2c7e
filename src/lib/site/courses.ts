// The training courses as the page and the registration form show them (content/training/courses.json
// is the one source): prices in one format, and the form's options built from the same entries.
import type { CourseOption } from '@/lib/validation/registration';

/** '$299', '$1,299': a whole number of Canadian dollars. */
export function formatPrice(dollars: number): string {
  return `$${dollars.toLocaleString('en-CA')}`;
}

/** What the courses cost when each is bought on its own. */
export function coursesTotal(courses: readonly { price: number }[]): number {
  return courses.reduce((sum, course) => sum + course.price, 0);
}

export interface CourseContent {
  courses: readonly {
    id: 'intro' | 'advanced';
    title: string;
    price: number;
    upcoming: string;
    schedule: string;
  }[];
  /** The price of both courses together; the content schema keeps it below their total. */
  bundle: { price: number };
}

/** What the bundle saves, worked out from the prices so that changing one never leaves it wrong. */
export function bundleSaving({ courses, bundle }: CourseContent): number {
  return coursesTotal(courses) - bundle.price;
}

/** 'Both courses: $599 (save $99)', as the training page shows the bundle. */
export function bundleOfferText(content: CourseContent): string {
  return `Both courses: ${formatPrice(content.bundle.price)} (save ${formatPrice(bundleSaving(content))})`;
}

/** The registration form's choices: each course with its dates, then both at the bundle price. */
export function courseOptionsFrom(content: CourseContent): CourseOption[] {
  const { courses, bundle } = content;
  return [
    ...courses.map((course) => ({
      value: course.id,
      label: course.title,
      price: course.price,
      note: `${course.upcoming}, ${course.schedule}`,
    })),
    {
      value: 'both',
      label: 'Both courses',
      price: bundle.price,
      note: `Save ${formatPrice(bundleSaving(content))}`,
    },
  ];
}
