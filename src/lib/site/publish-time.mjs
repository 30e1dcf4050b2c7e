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

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A date and a time with no offset: read in the practice's time zone. */
const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?$/i;
/** A date and a time with its offset or Z. */
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:Z|[+-]\d{2}(?::?\d{2})?)$/i;

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

/** The time of day after a date ('T08:00', ' 23:59:59'): hours, minutes and seconds. */
const TIME_OF_DAY = /^\d{4}-\d{2}-\d{2}[T ](\d{2}):(\d{2})(?::(\d{2}))?/i;

/**
 * False for a date and time whose clock reading does not exist (an hour past 23, a minute or second
 * past 59); true for any other text, a bare day included.
 * @param {string} text
 */
function hasPossibleTime(text) {
  const time = TIME_OF_DAY.exec(text);
  if (!time) return true;
  const [, hour, minute, second = '0'] = time;
  return Number(hour) <= 23 && Number(minute) <= 59 && Number(second) <= 59;
}

/**
 * The moment a publishedAt (or updatedAt) text names, or undefined for a text that is no date.
 * @param {string} text
 * @param {string} timeZone the practice's (content/settings/practice.json)
 * @returns {Date | undefined}
 */
export function readPublishTime(text, timeZone) {
  const value = text.trim();
  const day = DATE_ONLY.exec(value);
  if (day) return new Date(`${value}T12:00:00Z`);
  // No clock shows 25:00 or 12:60, which Date.UTC would roll over to the next hour or day.
  if (!hasPossibleTime(value)) return undefined;
  const wall = WALL_CLOCK.exec(value);
  if (wall) {
    const [, y, mo, d, h, mi, s = '0', frac = '0'] = wall;
    return wallClockToDate([y, mo, d, h, mi, s, frac.padEnd(3, '0')].map(Number), timeZone);
  }
  if (WITH_OFFSET.test(value)) {
    const date = new Date(value.replace(' ', 'T').replace(/\s+/g, ''));
    return Number.isNaN(date.getTime()) ? undefined : date;
  }
  return undefined;
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
 * The moment the build takes as "now": SITE_BUILD_NOW (an ISO date-time) when set, which the server
 * sets so that it and the build agree on which posts are due, and tests set to build as of any time.
 * @param {Record<string, string | undefined>} env
 */
export function buildNow(env) {
  const given = env.SITE_BUILD_NOW?.trim();
  if (!given) return new Date();
  const date = new Date(given);
  if (Number.isNaN(date.getTime())) throw new RangeError(`SITE_BUILD_NOW is not a date and time: ${given}`);
  return date;
}

/**
 * Where a build records when its next scheduled post is due, relative to the build's folder: the
 * self-hosted server (server/schedule.mjs) rebuilds then. Public on a static host, and harmless: it
 * tells a time, never which post.
 */
export const SCHEDULE_FILE = 'blog/schedule.json';

/**
 * '2026-12-07T08:00:00-05:00': the moment as a wall-clock time in `timeZone` with that zone's offset
 * then, as the admin writes a scheduled post's publishedAt.
 * @param {Date} date
 * @param {string} timeZone
 */
export function zonedText(date, timeZone) {
  const seconds = Math.floor(date.getTime() / 1000) * 1000;
  const offset = zoneOffset(seconds, timeZone);
  const wall = new Date(seconds + offset).toISOString().slice(0, 19);
  const minutes = Math.round(offset / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0');
  return `${wall}${sign}${hours}:${String(Math.abs(minutes) % 60).padStart(2, '0')}`;
}
