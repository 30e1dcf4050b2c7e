import { describe, expect, it } from 'vitest';
import { hoursLabel, practice, practiceSettingsSchema, telHref } from '@/lib/settings';

describe('practice settings', () => {
  it('loads the settings file and shows the hours of the spec', () => {
    expect(practice.hours.map(hoursLabel)).toEqual([
      'Monday-Friday: 9:00 AM-5:00 PM',
      'Saturday: Closed',
      'Sunday: Closed',
    ]);
  });

  it('rejects a settings file with a malformed e-mail', () => {
    expect(practiceSettingsSchema.safeParse({ ...practice, email: 'not-an-address' }).success).toBe(false);
  });

  it('turns a display number into a tel: link', () => {
    expect(telHref('+1 (555) 010-0123')).toBe('tel:+15550100123');
    expect(telHref('555.010.0123')).toBe('tel:5550100123');
  });
});
