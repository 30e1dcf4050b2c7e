// The practice's facts (name, contact details, hours, service area): one file, read everywhere.
// Editors change content/settings/practice.json (also through Decap CMS); this module checks it
// (src/lib/site/settings-schema.ts) and stops the build at a wrong value, naming it.
import raw from '../../../content/settings/practice.json';
import { type HoursRow, type PracticeSettings, parsePracticeSettings } from './settings-schema';

export {
  type HoursRow,
  type PracticeSettings,
  parsePracticeSettings,
  practiceSettingsSchema,
  twelveHourClock,
} from './settings-schema';

export const practice: PracticeSettings = parsePracticeSettings(raw);

/** 'tel:' link target from a display number: keeps digits and a leading plus. */
export function telHref(display: string): string {
  const digits = display.replace(/[^\d+]/g, '');
  return `tel:${digits.startsWith('+') ? '+' + digits.slice(1).replace(/\+/g, '') : digits}`;
}

/** '9:00 AM-5:00 PM' / 'Closed' */
export function hoursTimes(row: HoursRow): string {
  return row.closed ? 'Closed' : `${row.opens}-${row.closes}`;
}

/** 'Monday-Friday: 9:00 AM-5:00 PM' / 'Saturday: Closed' */
export function hoursLabel(row: HoursRow): string {
  return `${row.days}: ${hoursTimes(row)}`;
}

/**
 * A time zone as the admin names it to staff, by its city: 'Toronto time' for America/Toronto.
 * The zone is the setting's (timeZone), which editors may change: never type a city into a text.
 */
export function zoneTimeName(timeZone: string): string {
  return `${(timeZone.split('/').at(-1) ?? timeZone).replace(/_/g, ' ')} time`;
}
