import { describe, expect, it } from 'vitest';
import { LOGIN_MESSAGES, loginSchema } from '@/lib/auth/login-form';
import {
  EMAIL_PATTERN,
  formSchema,
  maxLength,
  minLength,
  numberFromText,
  oneOf,
  text,
} from '@/lib/validation/rules';

describe('formSchema', () => {
  const schema = formSchema({
    nickname: text('Nickname is required', [minLength(2, 'Too short'), maxLength(4, 'Too long')]),
    colour: oneOf(['red', 'blue'] as const, 'Pick a colour'),
  });

  it('gives the clean values when every field passes', () => {
    expect(schema.safeParse({ nickname: ' Sam ', colour: 'red', extra: 'ignored' })).toEqual({
      success: true,
      data: { nickname: 'Sam', colour: 'red' },
    });
  });

  it('gives the first failing rule of each failing field, in rule order', () => {
    expect(schema.safeParse({ nickname: 'S', colour: 'green' })).toEqual({
      success: false,
      fieldErrors: { nickname: 'Too short', colour: 'Pick a colour' },
    });
  });

  it.each([null, undefined, 'text', 42, []])('treats %j as a form with every field missing', (input) => {
    expect(schema.safeParse(input)).toEqual({
      success: false,
      fieldErrors: { nickname: 'Nickname is required', colour: 'Pick a colour' },
    });
  });

  it('lists its fields in declaration order', () => {
    expect(schema.fields).toEqual(['nickname', 'colour']);
  });
});

describe('text', () => {
  it('fails a value that is not text with the "missing" message', () => {
    const rule = text('Required', []);
    expect(rule(undefined)).toEqual({ ok: false, message: 'Required' });
    expect(rule(12)).toEqual({ ok: false, message: 'Required' });
  });

  it('lets an optional field be left out, as empty text that still meets its checks', () => {
    const rule = text('Bad', [(value) => (value === '' || value === 'ok' ? undefined : 'Bad')], {
      optional: true,
    });
    expect(rule(undefined)).toEqual({ ok: true, value: '' });
    expect(rule(null)).toEqual({ ok: false, message: 'Bad' });
    expect(rule(' nope ')).toEqual({ ok: false, message: 'Bad' });
  });
});

describe('numberFromText', () => {
  const rule = numberFromText('Not a number', [(n) => (n >= 0 ? undefined : 'Negative')]);

  it.each([
    ['3', 3],
    [' 12 ', 12],
    ['2.5', 2.5],
    // A number field in the browser takes an exponent: 1.5e1 is what it sends for 15.
    ['1.5e1', 15],
    [7, 7],
  ])('reads %j as %d', (raw, value) => {
    expect(rule(raw)).toEqual({ ok: true, value });
  });

  it.each(['', '   ', 'three', '1e999', 'Infinity', NaN, undefined, null])('refuses %j', (raw) => {
    expect(rule(raw)).toEqual({ ok: false, message: 'Not a number' });
  });

  it('runs its checks on the number', () => {
    expect(rule('-1')).toEqual({ ok: false, message: 'Negative' });
  });
});

describe('EMAIL_PATTERN', () => {
  it.each([
    'jane@example.com',
    'first.last+aba@example.co.uk',
    "o'brien@example.ca",
    'jane_doe%team@mail-server.example.org',
    'JANE@EXAMPLE.COM',
    '1234@123.example.io',
  ])('accepts %s', (email) => {
    expect(EMAIL_PATTERN.test(email)).toBe(true);
  });

  it.each([
    'jane',
    'jane@',
    '@example.com',
    'jane@example',
    'jane doe@example.com',
    '.jane@example.com',
    'jane.@example.com',
    'ja..ne@example.com',
    'jane@-example.com',
    'jane@example-.com',
    'jane@example..com',
    'jane@example.c',
    'jane@example.123',
    'jane@@example.com',
    'jane@exa mple.com',
    'jane@example.com\n',
    '<script>@example.com',
  ])('refuses %j', (email) => {
    expect(EMAIL_PATTERN.test(email)).toBe(false);
  });
});

describe('login schema', () => {
  it('needs both fields', () => {
    expect(loginSchema.safeParse({ username: '  ', password: '' })).toEqual({
      success: false,
      fieldErrors: { username: LOGIN_MESSAGES.usernameRequired, password: LOGIN_MESSAGES.passwordRequired },
    });
  });

  it('trims the username and keeps the password exactly as typed', () => {
    expect(loginSchema.safeParse({ username: ' admin ', password: ' secret ' })).toEqual({
      success: true,
      data: { username: 'admin', password: ' secret ' },
    });
  });
});
