import { describe, expect, it } from 'vitest';
import { parseValid } from './parse-valid';
import {
  COURSE_IDS,
  EDUCATION_LEVELS,
  educationLevelOptions,
  registrationSchema,
} from '@/lib/validation/registration';
import trainingContent from '../../content/training/courses.json';
import { courseOptionsFrom, formatPrice, type CourseContent } from '@/lib/site/courses';

// As the form reads it: every value is text.
const valid = {
  name: 'Jane Doe',
  email: 'jane@example.com',
  phone: '+1 (555) 123-4567',
  educationLevel: 'bachelors',
  workExperience: '3',
  course: 'intro',
};

function errorFor(field: keyof typeof valid, value: unknown): string | undefined {
  const result = registrationSchema.safeParse({ ...valid, [field]: value });
  return result.success ? undefined : result.fieldErrors[field];
}

describe('registration schema', () => {
  it('accepts a complete registration and converts the years to a number', () => {
    expect(parseValid(registrationSchema, valid)).toEqual({ ...valid, workExperience: 3 });
  });

  it('requires every field', () => {
    const result = registrationSchema.safeParse({});
    if (result.success) throw new Error('expected a failure');
    expect(result.fieldErrors).toEqual({
      name: 'Name must be at least 2 characters',
      email: 'Please enter a valid email address',
      phone: 'Please enter a valid phone number',
      educationLevel: 'Please select your highest level of education',
      workExperience: 'Please enter a valid number of years',
      course: 'Please select a course',
    });
  });

  describe('name', () => {
    it('needs at least 2 characters after trimming', () => {
      expect(errorFor('name', 'J')).toBe('Name must be at least 2 characters');
      expect(errorFor('name', ' J ')).toBe('Name must be at least 2 characters');
      expect(errorFor('name', '')).toBe('Name must be at least 2 characters');
      expect(errorFor('name', 'Jo')).toBeUndefined();
    });

    it.each(['José', 'Zoë', "O'Brien", 'Anne-Marie', '김민준', 'שרה כהן'])('accepts %s', (name) => {
      expect(errorFor('name', name)).toBeUndefined();
    });

    // The contact form's rule (SPEC 5): the name reaches the confirmation e-mail's greeting and To.
    it('follows the contact form’s name rule, with its messages', () => {
      expect(errorFor('name', 'x'.repeat(100))).toBeUndefined();
      expect(errorFor('name', 'x'.repeat(101))).toBe('Name must not exceed 100 characters');
      for (const name of ['Visit https://spam.example', 'R2-D2', '<b>Bold</b>', 'Eve <evil@example.net>']) {
        expect(errorFor('name', name)).toBe(
          'Name can only contain letters, spaces, hyphens, and apostrophes',
        );
      }
      expect(errorFor('name', 'x'.repeat(16_000))).toBe('Name must not exceed 100 characters');
    });
  });

  describe('email', () => {
    it.each(['', 'jane', 'jane@example', 'jane@@example.com', `${'a'.repeat(250)}@example.com`])(
      'rejects %j',
      (email) => {
        expect(errorFor('email', email)).toBe('Please enter a valid email address');
      },
    );

    it('accepts a normal address', () => {
      expect(errorFor('email', 'first.last+aba@example.co.uk')).toBeUndefined();
    });

    it('accepts 254 characters, the longest address mail servers take, and rejects 255', () => {
      // 64 + '@' + two labels of 61 and one of 62 - x + '.com' (each label at most 63).
      const address = (length: number) =>
        `${'a'.repeat(64)}@${'b'.repeat(61)}.${'c'.repeat(61)}.${'d'.repeat(length - 64 - 1 - 62 - 62 - 4)}.com`;
      expect(address(254)).toHaveLength(254);
      expect(errorFor('email', address(254))).toBeUndefined();
      expect(errorFor('email', address(255))).toBe('Please enter a valid email address');
    });
  });

  describe('phone', () => {
    it.each([
      '5551234567',
      '555-123-4567',
      '(555) 123-4567',
      '+1 555 123 4567',
      '+44 20 7946 0958',
      '1234567890',
      '+1234567890',
    ])('accepts %s', (phone) => {
      expect(errorFor('phone', phone)).toBeUndefined();
    });

    it.each(['', '555-1234', '123456789', '+123456789', '555.123.4567', '++15551234567', '555-123-456x'])(
      'rejects %j',
      (phone) => {
        expect(errorFor('phone', phone)).toBe('Please enter a valid phone number');
      },
    );
  });

  describe('educationLevel', () => {
    it.each(EDUCATION_LEVELS)('accepts %s', (level) => {
      expect(errorFor('educationLevel', level)).toBeUndefined();
    });

    it.each(['', 'college', 'PHD'])('rejects %j', (level) => {
      expect(errorFor('educationLevel', level)).toBe('Please select your highest level of education');
    });
  });

  describe('workExperience', () => {
    it.each([
      ['-1', 'Years must be 0 or greater'],
      [-1, 'Years must be 0 or greater'],
      ['-0.5', 'Years must be 0 or greater'],
      ['51', 'Please enter a valid number of years'],
      [51, 'Please enter a valid number of years'],
      ['abc', 'Please enter a valid number of years'],
      ['', 'Please enter a valid number of years'],
      ['   ', 'Please enter a valid number of years'],
      ['Infinity', 'Please enter a valid number of years'],
      // Number() reads these as 26, 3 and 7: not how anyone writes years.
      ['0x1A', 'Please enter a valid number of years'],
      ['0b11', 'Please enter a valid number of years'],
      ['0o7', 'Please enter a valid number of years'],
      [Number.NaN, 'Please enter a valid number of years'],
      [null, 'Please enter a valid number of years'],
      [undefined, 'Please enter a valid number of years'],
    ])('rejects %j with "%s"', (years, message) => {
      expect(errorFor('workExperience', years)).toBe(message);
    });

    it.each([
      ['0', 0],
      ['50', 50],
      [' 7 ', 7],
      ['2.5', 2.5],
      ['.5', 0.5],
      ['+4', 4],
      [0, 0],
      [50, 50],
    ])('accepts %j as %d', (years, expected) => {
      const parsed = parseValid(registrationSchema, { ...valid, workExperience: years });
      expect(parsed.workExperience).toBe(expected);
    });
  });

  describe('course', () => {
    it.each(COURSE_IDS)('accepts %s', (course) => {
      expect(errorFor('course', course)).toBeUndefined();
    });

    it.each(['', 'intermediate', 'INTRO'])('rejects %j', (course) => {
      expect(errorFor('course', course)).toBe('Please select a course');
    });
  });
});

describe('option lists', () => {
  it('builds the courses from the training content, with the prices of SPEC 9', () => {
    const options = courseOptionsFrom(trainingContent as CourseContent);
    expect(options.map(({ value, label, price }) => [value, label, price])).toEqual([
      ['intro', 'Introductory ABA', 299],
      ['advanced', 'Advanced ABA', 399],
      ['both', 'Both courses', 599],
    ]);
    expect(options[2]!.note).toBe('Save $99');
    expect(formatPrice(1299)).toBe('$1,299'); // the form and the page write prices alike
  });

  it('offers every education level exactly once, with a human label', () => {
    expect(educationLevelOptions.map((option) => option.value)).toEqual([...EDUCATION_LEVELS]);
    expect(educationLevelOptions.find((option) => option.value === 'high_school')?.label).toBe(
      'High school diploma',
    );
    for (const option of educationLevelOptions) expect(option.label).not.toMatch(/_/);
  });
});
