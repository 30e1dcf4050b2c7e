// @ts-check
// When a post goes public: the one rule, in plain JavaScript so that the build (through
// src/lib/site/dates.ts and src/lib/content/posts.ts), the server's rebuild timer and the scheduled
// GitHub workflow (tools/scheduled-posts.mjs) all read a publishedAt value the same way.
// docs/decisions/0024-scheduled-posts.md
//
// - '2026-12-07': a calendar day, kept as noon UTC of that day (the same day in every zone from
//   UTC-11 to UTC+11): public from that moment, 7:00 a.m. in Toronto (8:00 in summer time).
// - '2026-12-07T08:00' or '2026-12-07 08:00:00': a wall-clock time in the practice's time zone.
// - '2026-12-07T08:00:00-05:00', '…Z': that moment, wherever it was written.
// Each in every spelling of a YAML timestamp, which Astro's reader and the admin's take as a date
// ('2026-1-5', '2026-12-07 8:00:00 -5'); nothing else, so no text is left to Date's own parser,
// which reads some by the computer's time zone.

/**
 * A day, then perhaps a time (seconds optional: Decap and the admin's field write none), then
 * perhaps an offset: year, month, day, hour, minute, second, fraction, Z or sign, offset hours and
 * minutes.
 */
const TIMESTAMP =
  /^(\d{4})-(\d{1,2})-(\d{1,2})(?:(?:T|[ \t]+)(\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(?:[ \t]*(?:(Z)|([+-])(\d{1,2})(?::?(\d{2}))?))?)?$/i;

/**
 * True for a day the calendar has: not '2026-02-30' or '2026-13-01', which Date.UTC and the YAML
 * readers roll over to another day without a word.
 * @param {number} year
 * @param {number} month 1-12
 * @param {number} day
 */
export function isCalendarDay(year, month, day) {
  return month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** @type {Map<string, Intl.DateTimeFormat>} */
const wallClockFormats = new Map();

/**
 * How far the zone's clocks are ahead of UTC at `ms`, in milliseconds (-5 h in Toronto in winter).
 * @param {number} ms
 * @param {string} timeZone
 */
export function zoneOffset(ms, timeZone) {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClockFormats.set(timeZone, format);
  }
  /** @type {Record<string, number>} */
  const part = {};
  for (const { type, value } of format.formatToParts(ms)) part[type] = Number(value);
  const wall = Date.UTC(part.year ?? 0, (part.month ?? 1) - 1, part.day, part.hour, part.minute, part.second);
  return wall - (ms - (((ms % 1000) + 1000) % 1000));
}

/**
 * The moment a wall-clock time in `timeZone` names. A time the clocks skip (2:30 on the night summer
 * time starts) is read with the offset before the change, so it lands an hour later (3:30); a time
 * they pass twice (1:30 on the night it ends) is the first of the two.
 * @param {number[]} fields year, month (1-12), day, hour, minute, second, millisecond
 * @param {string} timeZone
 */
export function wallClockToDate(fields, timeZone) {
  const [year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0, ms = 0] = fields;
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  // The offsets in force a day either side; on most days they are one and the same.
  const valid = [zoneOffset(asUtc - 86_400_000, timeZone), zoneOffset(asUtc + 86_400_000, timeZone)]
    .map((offset) => asUtc - offset)
    .filter((moment) => asUtc - zoneOffset(moment, timeZone) === moment);
  if (valid.length > 0) return new Date(Math.min(...valid));
  // Skipped by the clocks: read with the offset before the change.
  return new Date(asUtc - zoneOffset(asUtc - 86_400_000, timeZone));
}

/**
 * The moment a publishedAt (or updatedAt) text names, or undefined for a text that is no date: one
 * in another form, a day the calendar does not have, or a time no clock shows (25:00 or 12:60,
 * which Date.UTC would roll over to the next day or hour).
 * @param {string} text
 * @param {string} timeZone the practice's (content/settings/practice.json)
 * @returns {Date | undefined}
 */
export function readPublishTime(text, timeZone) {
  const parts = TIMESTAMP.exec(text.trim());
  if (!parts) return undefined;
  const [, y, mo, d, h, mi, s = '0', fraction = '', zulu, sign, offsetHours, offsetMinutes = '0'] = parts;
  const [year, month, day] = [y, mo, d].map(Number);
  if (!isCalendarDay(year, month, day)) return undefined;
  if (h === undefined) return new Date(Date.UTC(year, month - 1, day, 12));
  const [hour, minute, second] = [h, mi, s].map(Number);
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const millis = Number(fraction.slice(0, 3).padEnd(3, '0'));
  if (!zulu && !sign) return wallClockToDate([year, month, day, hour, minute, second, millis], timeZone);
  // Zones run from UTC-12 to UTC+14; RFC 3339 allows an offset of up to 23:59 either way.
  const offset = sign ? Number(offsetHours) * 60 + Number(offsetMinutes) : 0;
  if (Number(offsetHours) > 23 || Number(offsetMinutes) > 59) return undefined;
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second, millis);
  return new Date(asUtc - (sign === '-' ? -offset : offset) * 60_000);
}

/** @param {Date | number} value */
const ms = (value) => (typeof value === 'number' ? value : value.getTime());

/**
 * "Is this post public at time `now`?": not a draft, and its publishedAt has come. Everything public
 * (pages, cards, tags, search data, feed, sitemap, JSON-LD) and the admin's status ask this.
 * @param {{ isDraft: boolean | number, publishedAt: Date | number }} post
 * @param {Date | number} now
 */
export function isPublicAt(post, now) {
  return !post.isDraft && ms(post.publishedAt) <= ms(now);
}

/** True for a post that is not a draft and whose time has not come. @param {{ isDraft: boolean | number, publishedAt: Date | number }} post @param {Date | number} now */
export function isScheduledAt(post, now) {
  return !post.isDraft && ms(post.publishedAt) > ms(now);
}

/**
 * The earliest publishedAt still ahead of `now` among posts that are not drafts, or undefined.
 * @param {readonly { isDraft: boolean | number, publishedAt: Date | number }[]} posts
 * @param {Date | number} now
 * @returns {Date | undefined}
 */
export function nextPublishTime(posts, now) {
  let next;
  for (const post of posts) {
    if (!isScheduledAt(post, now)) continue;
    if (next === undefined || ms(post.publishedAt) < next) next = ms(post.publishedAt);
  }
  return next === undefined ? undefined : new Date(next);
}

/**
 * The text of a top-level `field: value` line of YAML front matter, without quotes, a comment, or an
 * anchor or tag before it ('&day', '!!timestamp': the checks read past them, as YAML does);
 * undefined if there is none. Dates are read from this text, not from the parsed YAML, which turns
 * '2026-12-07T08:00:00' into 8:00 UTC and '2025-02-30' into March 2 without a word.
 * @param {string} frontMatter
 * @param {string} field
 */
export function frontMatterText(frontMatter, field) {
  const line = new RegExp(`^${field}:[ \\t]*(.*)$`, 'm').exec(frontMatter);
  const value = line?.[1]
    ?.replace(/\s+#.*$/, '')
    .trim()
    .replace(/^(?:[&!]\S*\s+)+/, '')
    .replace(/^(['"])(.*)\1$/, '$2');
  return value || undefined;
}

/**
 * A moment given in the environment or on the command line (SITE_BUILD_NOW, the scheduled workflow's
 * --now and --since), read as publishedAt is: without an offset, a time in the practice's zone, never
 * on the computer's clock, which Date's own parser used. Throws, naming `name`, for one that is no date.
 * @param {string} text
 * @param {string} name
 * @param {string} timeZone
 */
export function readGivenMoment(text, name, timeZone) {
  const date = readPublishTime(text, timeZone);
  if (!date) throw new RangeError(`${name} is not a date and time: ${text}`);
  return date;
}

/**
 * The moment the build takes as "now": SITE_BUILD_NOW when set (the server sets it to the build's
 * start so that it and the build agree on which posts are due; tests set it to build as of any time),
 * else the clock.
 * @param {Record<string, string | undefined>} env
 * @param {string} timeZone the practice's, for a SITE_BUILD_NOW without an offset
 */
export function buildNow(env, timeZone) {
  const given = env.SITE_BUILD_NOW?.trim();
  return given ? readGivenMoment(given, 'SITE_BUILD_NOW', timeZone) : new Date();
}

/**
 * Where a build records when its next scheduled post is due, relative to the build's folder: the
 * self-hosted server (server/schedule.mjs) rebuilds then. Public on a static host, and harmless: it
 * tells a time, never which post.
 */
export const SCHEDULE_FILE = 'blog/schedule.json';

/**
 * '2026-12-07T08:00:00-05:00': the moment as a wall-clock time in `timeZone` with that zone's offset
 * then, as the admin writes a post's dates. Milliseconds are kept when there are any
 * ('…08:00:00.250-05:00'), so the moment reads back the very same.
 * @param {Date} date
 * @param {string} timeZone
 */
export function zonedText(date, timeZone) {
  const time = date.getTime();
  const offset = zoneOffset(time, timeZone);
  const wall = new Date(time + offset).toISOString().slice(0, time % 1000 === 0 ? 19 : 23);
  const minutes = Math.round(offset / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0');
  return `${wall}${sign}${hours}:${String(Math.abs(minutes) % 60).padStart(2, '0')}`;
}
