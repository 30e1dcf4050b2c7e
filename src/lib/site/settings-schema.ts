// The shape of the practice's settings (content/settings/practice.json) and the check of it, apart
// from the file itself: the CMS page checks an entry with this before it saves, and must load even
// when the committed file is wrong (src/lib/site/settings.ts reads the file and stops the build).
// zod/mini: islands read settings too (dates need the time zone), so the checker must stay small.
import * as z from 'zod/mini';
import { zoneOffset } from './publish-time.mjs';

const text = () => z.string().check(z.minLength(1));
const clock = () => z.string().check(z.regex(/^\d\d:\d\d$/));

/** '09:00' -> '9:00 AM', '17:30' -> '5:30 PM', '00:15' -> '12:15 AM': how the site writes a time. */
export function twelveHourClock(time24: string): string {
  const [hours = 0, minutes = 0] = time24.split(':').map(Number);
  const suffix = hours < 12 ? 'AM' : 'PM';
  return `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${suffix}`;
}

// The hours are written twice: as the page shows them (opens) and for search engines (open24).
const openHours = z
  .object({
    days: text(),
    dayCodes: z.array(z.string()).check(z.minLength(1)),
    opens: z.string(),
    closes: z.string(),
    open24: clock(),
    close24: clock(),
    closed: z.optional(z.literal(false)),
  })
  .check(
    z.refine((row) => row.opens === twelveHourClock(row.open24), {
      error: 'must be open24 as a 12-hour time (09:00 is 9:00 AM)',
      path: ['opens'],
    }),
    z.refine((row) => row.closes === twelveHourClock(row.close24), {
      error: 'must be close24 as a 12-hour time (17:00 is 5:00 PM)',
      path: ['closes'],
    }),
  );
const closedDay = z.object({
  days: text(),
  dayCodes: z.array(z.string()).check(z.minLength(1)),
  closed: z.literal(true),
});

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const HOUR = 3_600_000;
/**
 * Whether a post dated by its day alone shows that day in the zone: such a day is kept as noon UTC
 * (publish-time.mjs, decision 0024), which is the same day only where clocks are at most 12 hours
 * behind UTC and less than 12 ahead, in summer and in winter (the 15th of each month of a year).
 */
export function keepsDatesOfDays(zone: string): boolean {
  if (!isTimeZone(zone)) return true; // said once, as an unknown zone
  return Array.from({ length: 12 }, (_, month) => zoneOffset(Date.UTC(2026, month, 15, 12), zone)).every(
    (offset) => offset >= -12 * HOUR && offset < 12 * HOUR,
  );
}

export const practiceSettingsSchema = z.object({
  name: text(),
  shortName: text(),
  tagline: text(),
  description: text(),
  email: z.email(),
  // At least seven digits, written any way ('+1 (555) 010-0123'): seven spaces are no number.
  phone: z.string().check(z.regex(/^(?:\D*\d){7}/)),
  fax: z.string().check(z.regex(/^(?:\D*\d){7}/)),
  serviceArea: text(),
  region: text(),
  country: z.string().check(z.length(2)),
  /** Dates on the site are shown as calendar days in this zone, the same for every visitor. */
  timeZone: z
    .string()
    .check(
      z.refine(isTimeZone, 'Unknown time zone'),
      z.refine(
        keepsDatesOfDays,
        'A post dated by its day alone is kept as noon UTC, which is another day in this time zone: choose a zone less than 12 hours ahead of UTC',
      ),
    ),
  hours: z.array(z.union([openHours, closedDay])).check(z.minLength(1), z.maxLength(7)),
  /**
   * Who answers questions about personal information (PHIPA's contact person), shown on /privacy.
   * `placeholder` stays true until the practice has named them; the build prints a reminder.
   */
  privacyContact: z.object({
    name: text(),
    email: z.email(),
    placeholder: z._default(z.boolean(), false),
  }),
});

export type PracticeSettings = z.infer<typeof practiceSettingsSchema>;
export type HoursRow = PracticeSettings['hours'][number];

/** The settings, or an error naming the file and each field at fault (a build stops on it). */
export function parsePracticeSettings(value: unknown): PracticeSettings {
  const result = practiceSettingsSchema.safeParse(value);
  if (result.success) return result.data;
  const problems = result.error.issues.map(
    (issue) => `${issue.path.map(String).join('.') || 'the file'}: ${issue.message}`,
  );
  throw new Error(`content/settings/practice.json: ${problems.join('; ')}`);
}
