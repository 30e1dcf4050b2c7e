// The admin schedules a post in the practice's time zone (content/settings/practice.json, which an
// editor may change in Decap CMS), and says which zone it means: the words follow that setting,
// never a zone typed into the admin's text.
import { describe, expect, it, vi } from 'vitest';
import { SCHEDULE_TEXT } from '@/islands/admin/ScheduleDialog';
import { outcomeText } from '@/islands/admin/usePublishing';
import { zoneTimeName } from '@/lib/site/settings';

vi.mock('@/lib/site/settings', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/site/settings')>();
  return { ...real, practice: { ...real.practice, timeZone: 'America/Regina' } };
});

// America/Regina: UTC-6 all year, so the moment below reads the same whatever the tz data.
describe("the admin's schedule, for a practice in another time zone", () => {
  it("names the practice's zone in the date field and in the message after publishing", () => {
    expect(SCHEDULE_TEXT.field).toBe('Date and time (Regina time)');
    const text = outcomeText(
      {
        action: 'publish',
        file: 'later.md',
        post: { publication: { publishAt: Date.UTC(2030, 0, 7, 17, 0) } },
        commit: { committed: true, sha: 'abc' },
        recorded: true,
      } as unknown as Parameters<typeof outcomeText>[0],
      'Later',
    );
    expect(text).toContain('It goes on the website Monday, January 7, 2030, 11:00 a.m. (Regina time)');
    expect(text).not.toContain('Toronto');
  });

  it('names a zone by its city, as people say it', () => {
    expect(zoneTimeName('America/Toronto')).toBe('Toronto time');
    expect(zoneTimeName('America/Argentina/Buenos_Aires')).toBe('Buenos Aires time');
  });
});
