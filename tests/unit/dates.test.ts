import { describe, expect, it } from 'vitest';
import {
  formatLongDate,
  formatShortDate,
  hasPossibleDay,
  impossibleFrontMatterDays,
  formatDeviceDateTime,
  isoDay,
  toPostDate,
} from '@/lib/site/dates';

describe('post dates', () => {
  it('reads a front-matter day as that calendar day', () => {
    const fromString = toPostDate('2025-01-05');
    const fromYaml = toPostDate(new Date(Date.UTC(2025, 0, 5))); // what YAML makes of 2025-01-05
    for (const date of [fromString, fromYaml]) {
      expect(formatShortDate(date)).toBe('Jan 5, 2025');
      expect(formatLongDate(date)).toBe('January 5, 2025');
      expect(isoDay(date)).toBe('2025-01-05');
    }
  });

  it('shows a moment as the day it was in Toronto', () => {
    // 9 PM in Toronto on Jan 5 is already Jan 6 in UTC.
    expect(formatShortDate(toPostDate('2025-01-06T02:00:00Z'))).toBe('Jan 5, 2025');
  });

  it('refuses something that is not a date', () => {
    expect(() => toPostDate('soon')).toThrow(RangeError);
  });

  it('refuses a day written another way than year first, which Date would read its own way', () => {
    expect(() => toPostDate('06/01/2026')).toThrow(RangeError); // June 1 to Date, 6 January to many
    expect(() => toPostDate('Posted 2025-02-30')).toThrow(RangeError); // March 2 to Date
    expect(() => toPostDate('January 5, 2025')).toThrow(RangeError);
    expect(isoDay(toPostDate('2025-1-5'))).toBe('2025-01-05');
  });

  it('refuses a day the calendar does not have, instead of rolling it over', () => {
    expect(() => toPostDate('2025-02-30')).toThrow(RangeError);
    expect(() => toPostDate('2025-13-45')).toThrow(RangeError);
    expect(() => toPostDate('2025-04-31T09:00:00Z')).toThrow(RangeError);
    expect(isoDay(toPostDate('2024-02-29'))).toBe('2024-02-29'); // a leap day
  });
});

describe("the admin's own moments", () => {
  it("are shown with the time, in the device's zone", () => {
    const moment = new Date(2026, 10, 23, 14, 5); // local time of the machine running the test
    expect(formatDeviceDateTime(moment)).toMatch(/^Nov 23, 2026, 2:05\sp\.m\.$/);
  });
});

describe('days the calendar does not have', () => {
  it.each([
    ['2025-02-28', true],
    ['2024-02-29', true],
    ['2025-12-31T23:59:00Z', true],
    ['not a date at all', true], // other rules refuse it
    ['2025-02-29', false],
    ['2025-02-30', false],
    ['2025-13-01', false],
    ['2025-00-10', false],
    ['2025-06-31', false],
    ['2025-06-00', false],
  ])('%s is possible: %s', (text, possible) => {
    expect(hasPossibleDay(text)).toBe(possible);
  });

  it('finds them in front-matter text, quoted or not, and ignores the other fields', () => {
    const frontMatter = [
      'title: Written on 2025-02-30 by mistake',
      'publishedAt: 2025-13-45',
      "updatedAt: '2025-02-30' # typo",
      'slug: x',
    ].join('\n');
    expect(impossibleFrontMatterDays(frontMatter, ['publishedAt', 'updatedAt'])).toEqual([
      'publishedAt: 2025-13-45',
      'updatedAt: 2025-02-30',
    ]);
    expect(impossibleFrontMatterDays('publishedAt: 2025-02-28', ['publishedAt', 'updatedAt'])).toEqual([]);
  });
});
