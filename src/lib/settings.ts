// The practice's facts (name, contact details, hours, service area): one file, read everywhere.
// Editors change content/settings/practice.json (also through Decap CMS); this module checks it.
import { z } from 'zod';
import raw from '../../content/settings/practice.json';

const openHours = z.object({
  days: z.string().min(1),
  dayCodes: z.array(z.string()).min(1),
  opens: z.string(),
  closes: z.string(),
  open24: z.string().regex(/^\d\d:\d\d$/),
  close24: z.string().regex(/^\d\d:\d\d$/),
  closed: z.literal(false).optional(),
});
const closedDay = z.object({
  days: z.string().min(1),
  dayCodes: z.array(z.string()).min(1),
  closed: z.literal(true),
});

export const practiceSettingsSchema = z.object({
  name: z.string().min(1),
  shortName: z.string().min(1),
  tagline: z.string().min(1),
  description: z.string().min(1),
  email: z.email(),
  phone: z.string().min(7),
  fax: z.string().min(7),
  serviceArea: z.string().min(1),
  region: z.string().min(1),
  country: z.string().length(2),
  /** Dates on the site are shown as calendar days in this zone, the same for every visitor. */
  timeZone: z.string().refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'Unknown time zone'),
  hours: z.array(z.union([openHours, closedDay])).min(1),
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
