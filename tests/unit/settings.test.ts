import { describe, expect, it } from 'vitest';
import {
  hoursLabel,
  parsePracticeSettings,
  practice,
  practiceSettingsSchema,
  telHref,
  twelveHourClock,
} from '@/lib/site/settings';
import { keepsDatesOfDays } from '@/lib/site/settings-schema';

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

  it('takes a phone or fax number written any way, with at least seven digits', () => {
    const valid = (phone: string) => practiceSettingsSchema.safeParse({ ...practice, phone }).success;
    expect(valid('+1 (555) 010-0123')).toBe(true);
    expect(valid('555.0100')).toBe(true);
    expect(valid('       ')).toBe(false);
    expect(valid('(555) 01')).toBe(false);
  });

  it('names the file and each field at fault', () => {
    expect(() =>
      parsePracticeSettings({ ...practice, email: 'not-an-address', timeZone: 'America/Torronto' }),
    ).toThrow(/^content\/settings\/practice\.json: email: .+; timeZone: Unknown time zone$/);
  });

  it('refuses a time zone where a post dated by its day alone would show another day', () => {
    const zone = (timeZone: string) => practiceSettingsSchema.safeParse({ ...practice, timeZone }).success;
    expect(zone('America/Toronto')).toBe(true);
    expect(zone('Pacific/Pago_Pago')).toBe(true); // 11 hours behind
    expect(zone('Asia/Kolkata')).toBe(true);
    // Noon UTC is already the next day there: 12 hours ahead in winter, 13 in summer, 14 always.
    expect(zone('Pacific/Auckland')).toBe(false);
    expect(zone('Pacific/Kiritimati')).toBe(false);
    expect(keepsDatesOfDays('Etc/GMT-12')).toBe(false);
    expect(keepsDatesOfDays('Etc/GMT+12')).toBe(true); // noon UTC is midnight at the start of the same day
  });

  it('refuses opening hours whose two spellings disagree', () => {
    const [weekdays, ...rest] = practice.hours;
    const changedOne = { ...weekdays!, opens: '8:30 AM' }; // open24 still 09:00
    expect(() => parsePracticeSettings({ ...practice, hours: [changedOne, ...rest] })).toThrow(
      'hours.0.opens: must be open24 as a 12-hour time (09:00 is 9:00 AM)',
    );
    expect(['00:15', '09:00', '12:00', '17:30'].map(twelveHourClock)).toEqual([
      '12:15 AM',
      '9:00 AM',
      '12:00 PM',
      '5:30 PM',
    ]);
  });

  it('turns a display number into a tel: link', () => {
    expect(telHref('+1 (555) 010-0123')).toBe('tel:+15550100123');
    expect(telHref('555.010.0123')).toBe('tel:5550100123');
  });
});
