// The practice's facts (name, contact details, hours, service area): one file, read everywhere.
// Editors change content/settings/practice.json (also through Decap CMS); this module checks it.
// zod/mini: islands read settings too (dates need the time zone), so the checker must stay small.
import * as z from 'zod/mini';
import raw from '../../content/settings/practice.json';

const text = () => z.string().check(z.minLength(1));
const clock = () => z.string().check(z.regex(/^\d\d:\d\d$/));

const openHours = z.object({
  days: text(),
  dayCodes: z.array(z.string()).check(z.minLength(1)),
  opens: z.string(),
  closes: z.string(),
  open24: clock(),
  close24: clock(),
  closed: z.optional(z.literal(false)),
});
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

export const practiceSettingsSchema = z.object({
  name: text(),
  shortName: text(),
  tagline: text(),
  description: text(),
  email: z.email(),
  phone: z.string().check(z.minLength(7)),
  fax: z.string().check(z.minLength(7)),
  serviceArea: text(),
  region: text(),
  country: z.string().check(z.length(2)),
  /** Dates on the site are shown as calendar days in this zone, the same for every visitor. */
  timeZone: z.string().check(z.refine(isTimeZone, 'Unknown time zone')),
  hours: z.array(z.union([openHours, closedDay])).check(z.minLength(1)),
});

export type PracticeSettings = z.infer<typeof practiceSettingsSchema>;
export type HoursRow = PracticeSettings['hours'][number];

export const practice: PracticeSettings = practiceSettingsSchema.parse(raw);

/** 'tel:' link target from a display number: keeps digits and a leading plus. */
export function telHref(display: string): string {
  const digits = display.replace(/[^\d+]/g, '');
  return `tel:${digits.startsWith('+') ? '+' + digits.slice(1).replace(/\+/g, '') : digits}`;
}

/** 'Monday-Friday: 9:00 AM-5:00 PM' / 'Saturday: Closed' */
export function hoursLabel(row: HoursRow): string {
  return row.closed ? `${row.days}: Closed` : `${row.days}: ${row.opens}-${row.closes}`;
}
