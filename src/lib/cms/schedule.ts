// Decap CMS's list of posts says which are scheduled and for when. Decap's summary templates cannot
// compare a date with the clock, so when the CMS reads a post file it adds a note the summary shows
// ('Scheduled for Monday, December 7, 2026, 8:00 a.m.: '), and the list's "Scheduled" filter matches; the
// note is never written back (src/browser/decap-cms.ts drops it before checking and saving).
import { scheduledText, toPostDate } from '../site/dates';
import { isScheduledAt, zonedText } from '../site/publish-time.mjs';
import { practice, zoneTimeName } from '../site/settings';

/** The entry field that holds the note; not a field of admin/config.yml nor of the schema. */
export const SCHEDULE_NOTE = 'scheduleNote';

/** The post's data with its schedule note when its publishedAt lies ahead of `now` and it is no draft. */
export function withScheduleNote(data: Record<string, unknown>, now: number): Record<string, unknown> {
  const value = data.publishedAt;
  if (!(typeof value === 'string' || value instanceof Date) || data.isDraft === true) return data;
  try {
    const publishedAt = toPostDate(value);
    return isScheduledAt({ isDraft: false, publishedAt }, now)
      ? { ...data, [SCHEDULE_NOTE]: `${scheduledText(publishedAt)}: ` }
      : data;
  } catch {
    return data; // a date the schema will name on save
  }
}

/** The data without the note, as it is written to the file. */
export function withoutScheduleNote<T extends Record<string, unknown>>(data: T): T {
  if (!(SCHEDULE_NOTE in data)) return data;
  const { [SCHEDULE_NOTE]: _note, ...rest } = data;
  return rest as T;
}

/** The one form of a date and time admin/config.yml writes without an offset: read in the practice's zone. */
const WALL_CLOCK_FORMAT = 'YYYY-MM-DDTHH:mm';

/**
 * admin/config.yml as Decap starts with it: a date-and-time field whose default is '{{now}}' and
 * whose file form has no offset ('Published on') defaults to now on the practice's clock. Decap's
 * '{{now}}' is the computer's clock, which the build reads as Toronto time: from a computer set to
 * UTC, a post meant for now was scheduled five hours ahead. (Decap's own Now button still uses the
 * computer's clock; the field's hint, which this starts with the zone's name, says whose time it is.)
 */
export function withPracticeNow<T extends { collections?: unknown }>(
  config: T,
  now: Date,
  timeZone: string = practice.timeZone,
): T {
  const clock = zonedText(now, timeZone).slice(0, WALL_CLOCK_FORMAT.length);
  const zoneHint = (hint: unknown) =>
    `${zoneTimeName(timeZone)}.${typeof hint === 'string' ? ` ${hint}` : ''}`;
  const collections = Array.isArray(config.collections)
    ? (config.collections as Record<string, unknown>[])
    : [];
  return {
    ...config,
    collections: collections.map((collection) =>
      Array.isArray(collection.fields)
        ? {
            ...collection,
            fields: (collection.fields as Record<string, unknown>[]).map((field) =>
              field.widget === 'datetime' && field.default === '{{now}}' && field.format === WALL_CLOCK_FORMAT
                ? { ...field, default: clock, hint: zoneHint(field.hint) }
                : field,
            ),
          }
        : collection,
    ),
  };
}
