// Dates as the site shows them. Every date is shown as a calendar day in the practice's time zone
// (settings), so a post reads the same day for a visitor in Toronto and anywhere else.
import { practice } from './settings';
import { frontMatterText, isCalendarDay, readPublishTime, zonedText } from './publish-time.mjs';

const zone = practice.timeZone;
const cardFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: zone,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
const longFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: zone,
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});
const isoDayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: zone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day a date or date-time text starts with: '2025-01-05', '2025-01-05T09:30:00Z'. */
const LEADING_DAY = /^(\d{4})-(\d{1,2})-(\d{1,2})(?![\d])/;

/**
 * False for a text that starts with a day the calendar does not have ('2025-02-30', '2025-13-45').
 * JavaScript and the YAML parsers roll those over to another day without a word (March 2), which
 * would publish a typo as a real date; true for any other text.
 */
export function hasPossibleDay(text: string): boolean {
  const match = LEADING_DAY.exec(text.trim());
  if (!match) return true;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  return isCalendarDay(year, month, day);
}

/**
 * Front-matter date fields whose written day does not exist, as 'publishedAt: 2025-02-30'. Read
 * from the raw text (top-level `field: value` lines), because the parsed value has already been
 * rolled over to a real day.
 */
export function impossibleFrontMatterDays(frontMatter: string, fields: readonly string[]): string[] {
  return fields.flatMap((field) => {
    const value = frontMatterText(frontMatter, field);
    return value && !hasPossibleDay(value) ? [`${field}: ${value}`] : [];
  });
}

/** The front-matter fields of a post that hold a date. */
export const POST_DATE_FIELDS = ['publishedAt', 'updatedAt'] as const;

/**
 * The post's fields with its dates as the file writes them, for the build and the admin's import
 * alike: YAML makes '2026-12-07T08:00:00' 8:00 UTC, but without an offset it is 8:00 in the
 * practice's time zone (src/lib/site/publish-time.mjs), so toPostDate reads the text.
 */
export function postDatesAsWritten<T extends Record<string, unknown>>(data: T, frontMatter: string): T {
  const written: Record<string, unknown> = { ...data };
  for (const field of POST_DATE_FIELDS) {
    const text = frontMatterText(frontMatter, field);
    // A day the calendar does not have is impossiblePostDays' to name, once.
    if (text !== undefined && hasPossibleDay(text) && data[field] instanceof Date) written[field] = text;
  }
  return written as T;
}

/**
 * What is wrong with a post's front matter dates, for the build and the admin's import alike:
 * 'publishedAt: 2025-02-30: no such day on the calendar (write it like 2025-01-05)'; undefined if nothing.
 */
export function impossiblePostDays(frontMatter: string): string | undefined {
  const problems = impossibleFrontMatterDays(frontMatter, POST_DATE_FIELDS);
  if (problems.length === 0) return undefined;
  return `${problems.join(', ')}: no such day on the calendar (write it like 2025-01-05)`;
}

/**
 * Reads a date from front matter or storage. Text is read by readPublishTime alone
 * (src/lib/site/publish-time.mjs, which the server and the scheduled workflow read dates with too): a
 * bare calendar day ('2025-01-05') is noon UTC of that day, the same calendar day in every time zone
 * from UTC-11 to UTC+11 and so in the practice's zone; a date and time without an offset
 * ('2026-12-07T08:00') is a time in the practice's zone; one with an offset is that moment. Other
 * text is refused: Date's own parser reads '06/01/2026' as June 1 (6 January, as it is often written
 * here), rolls 'Posted 2025-02-30' over, and reads '2026-1-5' by the computer's time zone, which
 * showed January 4 from a build in UTC+14. A Date at midnight UTC is what YAML makes of a bare day,
 * and becomes noon UTC of it too.
 */
export function toPostDate(value: Date | string | number): Date {
  if (typeof value === 'string') {
    if (!hasPossibleDay(value)) throw new RangeError(`No such day: ${value}`);
    const read = readPublishTime(value, zone);
    if (!read) throw new RangeError(`Not a date: ${value}`);
    return read;
  }
  const date = new Date(value instanceof Date ? value.getTime() : value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${String(value)}`);
  const isUtcMidnight =
    date.getUTCHours() === 0 &&
    date.getUTCMinutes() === 0 &&
    date.getUTCSeconds() === 0 &&
    date.getUTCMilliseconds() === 0;
  if (isUtcMidnight && value instanceof Date) date.setUTCHours(12);
  return date;
}

/**
 * '2026-12-07T08:00:00-05:00': a post's date as the admin writes it into the file, on the practice's
 * clock with that day's offset. Decap's date fields show the text's clock reading as Toronto time
 * (admin/config.yml), so a moment written in UTC ('…T13:00:00.000Z') showed five hours off, and an
 * evening one on the next day.
 */
export function practiceDateTimeText(date: Date): string {
  return zonedText(date, zone);
}

const yearFormat = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric' });

/**
 * The year in the practice's time zone: the footer's copyright year as the build writes it. The
 * computer's own year was 2027 from 7 p.m. on December 31 in Toronto on a computer set to UTC.
 */
export function practiceYear(date: Date): number {
  return Number(yearFormat.format(date));
}

/** 'Jan 5, 2025': blog cards and the admin list ('MMM d, yyyy'). */
export function formatShortDate(date: Date): string {
  return cardFormat.format(date);
}

/** 'January 5, 2025': the post page. */
export function formatLongDate(date: Date): string {
  return longFormat.format(date);
}

// In a module of its own, which needs no settings: an island that shows only such moments (the
// privacy page's saved registration) does not load the settings and their checker for it.
export { formatDeviceDateTime } from './device-time';

/** '2025-01-05': the machine-readable day for <time datetime>. */
export function isoDay(date: Date): string {
  return isoDayFormat.format(date);
}

const scheduleFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: zone,
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hourCycle: 'h12',
});

/**
 * 'Monday, December 7, 2026, 8:00 a.m.': when a scheduled post goes on the website, in the practice's
 * time zone (the admin's status, Decap's list of posts). With its year: a year typed wrong in the
 * schedule dialog shows in what it reads back.
 */
export function formatPublishMoment(date: Date): string {
  const part = Object.fromEntries(scheduleFormat.formatToParts(date).map((p) => [p.type, p.value]));
  const period = part.dayPeriod?.toLowerCase() === 'pm' ? 'p.m.' : 'a.m.';
  return `${part.weekday}, ${part.month} ${part.day}, ${part.year}, ${part.hour}:${part.minute} ${period}`;
}

/** 'Scheduled for Monday, December 7, 2026, 8:00 a.m.' */
export const scheduledText = (date: Date): string => `Scheduled for ${formatPublishMoment(date)}`;
