// Decap CMS's list of posts says which are scheduled and for when. Decap's summary templates cannot
// compare a date with the clock, so when the CMS reads a post file it adds a note the summary shows
// ('Scheduled for Monday, December 7, 8:00 a.m.: '), and the list's "Scheduled" filter matches; the
// note is never written back (src/browser/decap-cms.ts drops it before checking and saving).
import { scheduledText, toPostDate } from '../site/dates';
import { isScheduledAt } from '../site/publish-time.mjs';

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
