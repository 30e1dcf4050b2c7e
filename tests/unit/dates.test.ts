import { describe, expect, it } from 'vitest';
import { formatLongDate, formatShortDate, isoDay, toPostDate } from '@/lib/dates';

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
});
