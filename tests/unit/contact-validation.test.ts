import { describe, expect, it } from 'vitest';
import { parseValid } from './parse-valid';
import { contactSchema } from '@/lib/validation/contact';

const valid = {
  name: 'Jane Doe',
  email: 'jane@example.com',
  phone: '',
  message: 'I would like to book a consultation.',
};

/** The first message for `field`, or undefined when the field is valid. */
function errorFor(field: keyof typeof valid, value: unknown): string | undefined {
  const result = contactSchema.safeParse({ ...valid, [field]: value });
  return result.success ? undefined : result.fieldErrors[field];
}

/** A well-formed address of exactly `length` characters (254 or 255): 64 + 1 + 3 labels + '.com'. */
function emailOfLength(length: number): string {
  const lastLabel = 'd'.repeat(length - 64 - 1 - 62 - 62 - 4);
  const address = `${'a'.repeat(64)}@${'b'.repeat(61)}.${'c'.repeat(61)}.${lastLabel}.com`;
  expect(address).toHaveLength(length);
  return address;
}

describe('contact form schema', () => {
  it('accepts a complete, valid message', () => {
    expect(contactSchema.safeParse(valid).success).toBe(true);
  });

  describe('name', () => {
    it.each([
      ['', 'Name must be at least 2 characters'],
      ['J', 'Name must be at least 2 characters'],
      ['a'.repeat(101), 'Name must not exceed 100 characters'],
      ['a'.repeat(10_000), 'Name must not exceed 100 characters'],
      ['Agent 007', 'Name can only contain letters, spaces, hyphens, and apostrophes'],
      ['R2D2', 'Name can only contain letters, spaces, hyphens, and apostrophes'],
      ['Jane 😀', 'Name can only contain letters, spaces, hyphens, and apostrophes'],
      ['<script>alert(1)</script>', 'Name can only contain letters, spaces, hyphens, and apostrophes'],
      ['jane@example.com', 'Name can only contain letters, spaces, hyphens, and apostrophes'],
      // Letters to Unicode that show as nothing: Hangul fillers, and a variation selector after a letter.
      ['\u3164\u3164', 'Name can only contain letters, spaces, hyphens, and apostrophes'],
      ['Jane\uFFA0', 'Name can only contain letters, spaces, hyphens, and apostrophes'],
      ['Jane\uFE0F Doe', 'Name can only contain letters, spaces, hyphens, and apostrophes'],
      [undefined, 'Name must be at least 2 characters'],
    ])('rejects %j with "%s"', (name, message) => {
      expect(errorFor('name', name)).toBe(message);
    });

    it.each([
      'Jo',
      'a'.repeat(100),
      'José',
      'Jose\u0301', // e + combining acute accent
      'Zoë',
      "O'Brien",
      'O’Brien',
      'Anne-Marie',
      '김민준',
      'محمد علي',
      'Ελένη',
      'Ngọc Ánh',
    ])('accepts %s', (name) => {
      expect(errorFor('name', name)).toBeUndefined();
    });

    it('counts the length after trimming surrounding spaces', () => {
      expect(errorFor('name', '  J  ')).toBe('Name must be at least 2 characters');
      const parsed = parseValid(contactSchema, { ...valid, name: '  Jane  ' });
      expect(parsed.name).toBe('Jane');
    });
  });

  describe('email', () => {
    it.each(['', 'jane', 'jane@', '@example.com', 'jane@example', 'jane doe@example.com', undefined])(
      'rejects %j',
      (email) => {
        expect(errorFor('email', email)).toBe('Please enter a valid email address');
      },
    );

    it('accepts 254 characters and rejects 255', () => {
      expect(errorFor('email', emailOfLength(254))).toBeUndefined();
      expect(errorFor('email', emailOfLength(255))).toBe('Email must not exceed 254 characters');
    });

    it('ignores spaces around a pasted address', () => {
      expect(parseValid(contactSchema, { ...valid, email: ' jane@example.com ' }).email).toBe(
        'jane@example.com',
      );
    });
  });

  describe('phone', () => {
    it.each([
      '555-123-4567',
      '(555) 123-4567',
      '(555)123-4567',
      '555.123.4567',
      '555 123 4567',
      '+1 555 123 4567',
      '+1 (555) 123-4567',
      '1-555-123-4567',
      '1 555 123 4567',
      '+15551234567',
      '5551234567',
    ])('accepts %s', (phone) => {
      expect(errorFor('phone', phone)).toBeUndefined();
    });

    it('is optional: empty, blank or missing is fine and is sent as an empty string', () => {
      expect(errorFor('phone', '')).toBeUndefined();
      expect(errorFor('phone', '   ')).toBeUndefined();
      const { phone: _omitted, ...withoutPhone } = valid;
      expect(parseValid(contactSchema, withoutPhone).phone).toBe('');
    });

    it.each([
      '555-1234',
      '555-123-456',
      '555-123-45678',
      '+44 20 7946 0958',
      '+2 555 123 4567',
      '555_123_4567',
      '555--123-4567',
      '(555 123-4567',
      '555) 123-4567',
      'phone: 555-123-4567',
      'abcdefghij',
      '5'.repeat(10_000),
    ])('rejects %s', (phone) => {
      expect(errorFor('phone', phone)).toBe('Please enter a valid phone number');
    });
  });

  describe('message', () => {
    it('needs at least 10 characters after trimming', () => {
      expect(errorFor('message', '123456789')).toBe('Message must be at least 10 characters');
      expect(errorFor('message', `   ${'x'.repeat(9)}   `)).toBe('Message must be at least 10 characters');
      expect(errorFor('message', '')).toBe('Message must be at least 10 characters');
      expect(errorFor('message', '1234567890')).toBeUndefined();
    });

    it('allows at most 1000 characters after trimming', () => {
      expect(errorFor('message', 'x'.repeat(1000))).toBeUndefined();
      expect(errorFor('message', `  ${'x'.repeat(1000)}\n`)).toBeUndefined();
      expect(errorFor('message', 'x'.repeat(1001))).toBe('Message must not exceed 1000 characters');
      expect(errorFor('message', 'x'.repeat(10_000))).toBe('Message must not exceed 1000 characters');
    });

    it('keeps any text as plain text: emoji, right-to-left script and markup', () => {
      const text = 'مرحبا 👋 <script>alert("x")</script>';
      expect(parseValid(contactSchema, { ...valid, message: text }).message).toBe(text);
    });

    it('sends the trimmed message', () => {
      expect(parseValid(contactSchema, { ...valid, message: '  Hello there, friend  ' }).message).toBe(
        'Hello there, friend',
      );
    });
  });
});

describe('field errors', () => {
  it('keeps only the first message of each field, in rule order', () => {
    const result = contactSchema.safeParse({ name: '1', email: 'x', phone: '12', message: 'short' });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.fieldErrors).toEqual({
      name: 'Name must be at least 2 characters',
      email: 'Please enter a valid email address',
      phone: 'Please enter a valid phone number',
      message: 'Message must be at least 10 characters',
    });
  });

  it('leaves out valid fields', () => {
    const result = contactSchema.safeParse({ ...valid, email: 'nope' });
    if (result.success) throw new Error('expected a failure');
    expect(result.fieldErrors).toEqual({ email: 'Please enter a valid email address' });
  });
});
