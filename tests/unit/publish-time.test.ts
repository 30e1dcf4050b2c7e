// The one rule for when a post is public (src/lib/site/publish-time.mjs), at its boundaries: a minute
// either side, across both daylight-saving changes in Toronto, date-only values, and the front-matter
// text the build reads dates from.
import { describe, expect, it } from 'vitest';
import { postSchema } from '@/lib/content/schemas';
import { formatPublishMoment, isoDay, scheduledText, toPostDate } from '@/lib/site/dates';
import {
  buildNow,
  frontMatterText,
  isPublicAt,
  isScheduledAt,
  nextPublishTime,
  readPublishTime,
} from '@/lib/site/publish-time.mjs';

const TORONTO = 'America/Toronto';
const at = (iso: string) => new Date(iso);
const post = (publishedAt: string, isDraft = false) => ({ isDraft, publishedAt: toPostDate(publishedAt) });

describe('reading publishedAt', () => {
  it('reads a date and time without an offset in the practice time zone', () => {
    expect(readPublishTime('2026-12-07T08:00', TORONTO)).toEqual(at('2026-12-07T13:00:00Z')); // EST
    expect(readPublishTime('2026-07-06T08:00:00', TORONTO)).toEqual(at('2026-07-06T12:00:00Z')); // EDT
    expect(readPublishTime('2026-12-07 08:00', TORONTO)).toEqual(at('2026-12-07T13:00:00Z'));
    expect(toPostDate('2026-12-07T08:00')).toEqual(at('2026-12-07T13:00:00Z'));
  });

  it('keeps a written offset or Z, whatever the practice zone', () => {
    expect(readPublishTime('2026-12-07T08:00:00-05:00', TORONTO)).toEqual(at('2026-12-07T13:00:00Z'));
    expect(readPublishTime('2026-12-07T08:00:00+01:00', TORONTO)).toEqual(at('2026-12-07T07:00:00Z'));
    expect(readPublishTime('2026-12-07T08:00:00Z', TORONTO)).toEqual(at('2026-12-07T08:00:00Z'));
    expect(readPublishTime('2026-12-07T08:00:00.000Z', TORONTO)).toEqual(at('2026-12-07T08:00:00Z'));
  });

  it('keeps a date-only value as that day (noon UTC, 7:00 in Toronto in winter)', () => {
    expect(readPublishTime('2026-12-07', TORONTO)).toEqual(at('2026-12-07T12:00:00Z'));
    expect(toPostDate(new Date(Date.UTC(2026, 11, 7)))).toEqual(at('2026-12-07T12:00:00Z'));
  });

  it('reads times across the spring change (Toronto, March 8, 2026)', () => {
    expect(readPublishTime('2026-03-08T01:59', TORONTO)).toEqual(at('2026-03-08T06:59:00Z')); // EST
    // 2:30 does not exist that night: the clocks go from 2:00 to 3:00; it is read as 3:30 EDT.
    expect(readPublishTime('2026-03-08T02:30', TORONTO)).toEqual(at('2026-03-08T07:30:00Z'));
    expect(readPublishTime('2026-03-08T03:00', TORONTO)).toEqual(at('2026-03-08T07:00:00Z')); // EDT
    expect(readPublishTime('2026-03-08T08:00', TORONTO)).toEqual(at('2026-03-08T12:00:00Z'));
  });

  it('reads times across the autumn change (Toronto, November 1, 2026)', () => {
    // 1:30 happens twice: the first one (EDT) is meant.
    expect(readPublishTime('2026-11-01T01:30', TORONTO)).toEqual(at('2026-11-01T05:30:00Z'));
    expect(readPublishTime('2026-11-01T00:59', TORONTO)).toEqual(at('2026-11-01T04:59:00Z'));
    expect(readPublishTime('2026-11-01T08:00', TORONTO)).toEqual(at('2026-11-01T13:00:00Z')); // EST
    expect(readPublishTime('2026-10-31T08:00', TORONTO)).toEqual(at('2026-10-31T12:00:00Z')); // EDT
  });

  it('gives nothing for a text that is no date, or a time no clock shows', () => {
    expect(readPublishTime('soon', TORONTO)).toBeUndefined();
    expect(readPublishTime('2026-12-07T8', TORONTO)).toBeUndefined();
    for (const text of ['2025-01-05T25:00', '2025-01-05T24:00', '2025-01-05T12:60', '2025-01-05T12:00:60Z'])
      expect(readPublishTime(text, TORONTO), text).toBeUndefined();
    expect(readPublishTime('2025-01-05T23:59:59', TORONTO)).toEqual(at('2025-01-06T04:59:59Z'));
  });

  it('reads every form of a YAML timestamp, which Astro and the admin read as dates', () => {
    // A month, day or hour of one digit, a space before the offset, an offset of hours alone: the
    // build refused these ('must be a date') or read them by the computer's time zone.
    expect(readPublishTime('2026-1-5', TORONTO)).toEqual(at('2026-01-05T12:00:00Z'));
    expect(readPublishTime('2026-12-7T8:00', TORONTO)).toEqual(at('2026-12-07T13:00:00Z'));
    expect(readPublishTime('2026-12-07 08:00:00 -05:00', TORONTO)).toEqual(at('2026-12-07T13:00:00Z'));
    expect(readPublishTime('2026-12-07T08:00:00+14', TORONTO)).toEqual(at('2026-12-06T18:00:00Z'));
    expect(readPublishTime('2026-12-07T08:00:00-12:00', TORONTO)).toEqual(at('2026-12-07T20:00:00Z'));
    expect(readPublishTime('2026-12-07T08:00:00.5-5', TORONTO)).toEqual(at('2026-12-07T13:00:00.500Z'));
    expect(readPublishTime('2026-12-07T08:00:00+0530', TORONTO)).toEqual(at('2026-12-07T02:30:00Z'));
  });

  it('gives nothing for a day the calendar does not have, nor an offset no zone has', () => {
    // The scheduled workflow reads with it alone: '2026-02-30T08:00' was March 2 to it.
    for (const text of [
      '2026-02-30',
      '2026-02-30T08:00',
      '2026-13-01T08:00:00Z',
      '2026-12-07T08:00:00+24:00',
    ])
      expect(readPublishTime(text, TORONTO), text).toBeUndefined();
  });

  it("reads a day the same whatever the computer's time zone", () => {
    const zone = process.env.TZ;
    try {
      for (const machine of ['UTC', 'America/Toronto', 'Pacific/Kiritimati', 'Etc/GMT+12']) {
        process.env.TZ = machine; // Node reads its zone again when TZ is set
        for (const text of ['2026-1-5', '2026-01-5', '2026-1-05']) {
          expect(toPostDate(text), `${text} on a computer in ${machine}`).toEqual(at('2026-01-05T12:00:00Z'));
          expect(isoDay(toPostDate(text))).toBe('2026-01-05');
        }
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('refuses other text that starts with a day, which Date read its own way', () => {
    for (const text of ['2026-01-05 08:00 GMT+1400', '2026-01-05T08:00:00 EST', '2026-01-05 Monday'])
      expect(() => toPostDate(text), text).toThrow(RangeError);
  });

  it('reads the front-matter text, not what YAML makes of it', () => {
    const frontMatter = "title: T\npublishedAt: '2026-12-07T08:00:00' # Monday\nisDraft: false";
    expect(frontMatterText(frontMatter, 'publishedAt')).toBe('2026-12-07T08:00:00');
    expect(frontMatterText(frontMatter, 'updatedAt')).toBeUndefined();
    // An anchor or a tag is no part of the value: '2025-02-30' behind one was rolled over to March 2.
    expect(frontMatterText('publishedAt: !!timestamp 2025-02-30', 'publishedAt')).toBe('2025-02-30');
    expect(frontMatterText("publishedAt: &day !!str '2025-02-30'", 'publishedAt')).toBe('2025-02-30');
  });

  it('lets the schema keep a moment that falls on midnight UTC (7 p.m. in Toronto in winter)', () => {
    const schema = postSchema({ image: () => ({}) as never } as never);
    const read = (publishedAt: string) => schema.parse({ title: 'T', excerpt: 'E', publishedAt }).publishedAt;
    // Read a second time, these looked like bare days and moved to noon UTC: the next day, 12 hours late.
    expect(read('2025-01-20T19:00:00-05:00')).toEqual(at('2025-01-21T00:00:00Z'));
    expect(read('2025-07-10T20:00')).toEqual(at('2025-07-11T00:00:00Z')); // EDT
    expect(read('2025-01-11T00:00:00Z')).toEqual(at('2025-01-11T00:00:00Z'));
    expect(isoDay(read('2025-01-20T19:00:00-05:00'))).toBe('2025-01-20');
    // A bare day, as text or as the midnight UTC YAML makes of it, is still noon UTC of that day.
    expect(read('2025-01-20')).toEqual(at('2025-01-20T12:00:00Z'));
    expect(
      schema.parse({ title: 'T', excerpt: 'E', publishedAt: at('2025-01-20T00:00:00Z') }).publishedAt,
    ).toEqual(at('2025-01-20T12:00:00Z'));
  });

  it("lets the schema refuse a number or a time no clock shows, with the field's message", () => {
    const schema = postSchema({ image: () => ({}) as never } as never);
    // YAML reads 20250105 as a number, which was taken for milliseconds: January 1, 1970.
    for (const publishedAt of [20250105, '2025-01-05T25:00', '2025-01-05T12:60']) {
      const checked = schema.safeParse({ title: 'T', excerpt: 'E', publishedAt });
      expect(
        checked.error?.issues.map((issue) => issue.message),
        String(publishedAt),
      ).toEqual(['must be a date such as 2025-01-05']);
    }
  });

  it('lets the schema read a date and time without an offset in Toronto', () => {
    const schema = postSchema({ image: () => ({}) as never } as never);
    const data = schema.parse({ title: 'T', excerpt: 'E', publishedAt: '2026-12-07T08:00' });
    expect(data.publishedAt).toEqual(at('2026-12-07T13:00:00Z'));
  });
});

describe('is this post public at time T', () => {
  it('is public from its minute on, not a minute before', () => {
    const monday = post('2026-12-07T08:00:00-05:00');
    expect(isPublicAt(monday, at('2026-12-07T12:59:00Z'))).toBe(false);
    expect(isScheduledAt(monday, at('2026-12-07T12:59:00Z'))).toBe(true);
    expect(isPublicAt(monday, at('2026-12-07T13:00:00Z'))).toBe(true);
    expect(isPublicAt(monday, at('2026-12-07T13:01:00Z'))).toBe(true);
    expect(isScheduledAt(monday, at('2026-12-07T13:01:00Z'))).toBe(false);
  });

  it('holds across a daylight-saving change', () => {
    // 8:00 on the Sunday summer time starts is 12:00 UTC, not 13:00.
    const spring = post('2026-03-08T08:00');
    expect(isPublicAt(spring, at('2026-03-08T11:59:00Z'))).toBe(false);
    expect(isPublicAt(spring, at('2026-03-08T12:01:00Z'))).toBe(true);
    // 8:00 on the Sunday it ends is 13:00 UTC.
    const autumn = post('2026-11-01T08:00');
    expect(isPublicAt(autumn, at('2026-11-01T12:59:00Z'))).toBe(false);
    expect(isPublicAt(autumn, at('2026-11-01T13:01:00Z'))).toBe(true);
  });

  it('makes a date-only post public on its day, from 7:00 (8:00 in summer) Toronto time', () => {
    const winterDay = post('2026-12-07');
    expect(isPublicAt(winterDay, at('2026-12-06T23:00:00Z'))).toBe(false);
    expect(isPublicAt(winterDay, at('2026-12-07T11:59:00Z'))).toBe(false);
    expect(isPublicAt(winterDay, at('2026-12-07T12:01:00Z'))).toBe(true);
    expect(isPublicAt(post('2025-01-05'), at('2026-12-07T00:00:00Z'))).toBe(true);
  });

  it('never makes a draft public, and never schedules one', () => {
    const draft = post('2026-12-07T08:00', true);
    expect(isPublicAt(draft, at('2027-01-01T00:00:00Z'))).toBe(false);
    expect(isScheduledAt(draft, at('2026-01-01T00:00:00Z'))).toBe(false);
  });

  it('finds the next time a build is due, drafts and past posts aside', () => {
    const now = at('2026-12-01T00:00:00Z');
    const posts = [
      post('2026-11-01'),
      post('2026-12-24T08:00'),
      post('2026-12-07T08:00'),
      post('2026-12-02T08:00', true),
    ];
    expect(nextPublishTime(posts, now)).toEqual(at('2026-12-07T13:00:00Z'));
    expect(nextPublishTime(posts, at('2026-12-07T13:00:00Z'))).toEqual(at('2026-12-24T13:00:00Z'));
    expect(nextPublishTime(posts, at('2027-01-01T00:00:00Z'))).toBeUndefined();
  });

  it("takes the build's now from SITE_BUILD_NOW, and refuses one that is no date", () => {
    expect(buildNow({ SITE_BUILD_NOW: '2026-12-07T13:00:00Z' }, TORONTO)).toEqual(at('2026-12-07T13:00:00Z'));
    expect(Math.abs(buildNow({}, TORONTO).getTime() - Date.now())).toBeLessThan(5000);
    expect(() => buildNow({ SITE_BUILD_NOW: 'Monday' }, TORONTO)).toThrow(/SITE_BUILD_NOW/);
  });

  it("reads SITE_BUILD_NOW as publishedAt is read, never by the computer's time zone", () => {
    // Date's parser took '2026-12-07T08:00' as 8:00 on the computer's clock: 8:00 UTC on a server.
    expect(buildNow({ SITE_BUILD_NOW: '2026-12-07T08:00' }, TORONTO)).toEqual(at('2026-12-07T13:00:00Z'));
    expect(buildNow({ SITE_BUILD_NOW: '2026-12-07T08:00:00-05:00' }, TORONTO)).toEqual(
      at('2026-12-07T13:00:00Z'),
    );
    // A bare day is the moment a post dated that day goes public.
    expect(buildNow({ SITE_BUILD_NOW: '2026-12-07' }, TORONTO)).toEqual(at('2026-12-07T12:00:00Z'));
    expect(() => buildNow({ SITE_BUILD_NOW: 'December 7, 2026 08:00' }, TORONTO)).toThrow(/SITE_BUILD_NOW/);
  });
});

describe('how a scheduled moment reads', () => {
  it('reads as the spec-style status, in Toronto time', () => {
    expect(scheduledText(new Date('2026-12-07T13:00:00Z'))).toBe(
      'Scheduled for Monday, December 7, 2026, 8:00 a.m.',
    );
    expect(formatPublishMoment(new Date('2026-07-06T16:30:00Z'))).toBe('Monday, July 6, 2026, 12:30 p.m.');
    expect(formatPublishMoment(new Date('2026-12-08T04:05:00Z'))).toBe(
      'Monday, December 7, 2026, 11:05 p.m.',
    );
    expect(formatPublishMoment(new Date('2026-12-07T05:00:00Z'))).toBe(
      'Monday, December 7, 2026, 12:00 a.m.',
    );
  });
});

describe('reading dates, at their edges', () => {
  it('refuses a day the calendar does not have behind a leading space, not rolled over to March', () => {
    expect(() => toPostDate(' 2025-02-30')).toThrow('No such day');
  });

  it('calls a day with a third digit no date, not an impossible day', () => {
    expect(() => toPostDate('2025-02-300')).toThrow('Not a date');
  });

  it('moves only a written day to noon: a moment at or just after midnight UTC stays', () => {
    // Milliseconds are a moment, and so is a Date with any part of a second: 7 p.m. in Toronto.
    const midnight = Date.UTC(2025, 0, 5);
    expect(toPostDate(midnight).getTime()).toBe(midnight);
    expect(toPostDate(new Date(midnight + 1)).getTime()).toBe(midnight + 1);
  });

  it('refuses a second past 59 and reads a fraction of a second as tenths', () => {
    expect(readPublishTime('2026-12-07T08:00:60', TORONTO)).toBeUndefined();
    expect(readPublishTime('2026-12-07T08:00:00.5', TORONTO)).toEqual(at('2026-12-07T13:00:00.500Z'));
  });

  it('reads a top-level field only, not a nested one of the same name', () => {
    const frontMatter = 'cover:\n  publishedAt: 2025-02-30\npublishedAt: 2025-01-05\n';
    expect(frontMatterText(frontMatter, 'publishedAt')).toBe('2025-01-05');
  });
});
