// Decap CMS's list of posts says which are scheduled and for when (src/lib/cms/schedule.ts): the note
// the summary and the "Scheduled" filter read, added as a file is read and never written back.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCmsConfig } from '@/lib/config/cms-config.mjs';
import { SCHEDULE_NOTE, withPracticeNow, withScheduleNote, withoutScheduleNote } from '@/lib/cms/schedule';
import { formatFrontMatter } from '@/lib/cms/formats';

const now = Date.parse('2026-12-01T12:00:00Z');

describe('the scheduled note in Decap’s list of posts', () => {
  it('notes a post whose time lies ahead, in Toronto time', () => {
    const data = withScheduleNote({ title: 'T', publishedAt: '2026-12-07T08:00', isDraft: false }, now);
    expect(data[SCHEDULE_NOTE]).toBe('Scheduled for Monday, December 7, 2026, 8:00 a.m.: ');
  });

  it('notes nothing for a past post, a draft or a date it cannot read', () => {
    for (const data of [
      { publishedAt: '2026-11-30T08:00' },
      { publishedAt: '2026-12-07T08:00', isDraft: true },
      { publishedAt: 'soon' },
      { title: 'A service page' },
      // A number is no date to the schema (YAML reads 20261207 as one), even one that lies ahead.
      { publishedAt: now + 86_400_000 },
    ])
      expect(withScheduleNote(data, now)).toEqual(data);
  });

  it('never writes the note into the file', () => {
    const data = withScheduleNote({ title: 'T', publishedAt: '2026-12-07T08:00', body: 'Text.' }, now);
    const file = formatFrontMatter(withoutScheduleNote(data));
    expect(file).not.toContain('Scheduled');
    expect(file).toContain('publishedAt: 2026-12-07T08:00\n');
  });

  it('is what the posts list shows and filters on (admin/config.yml)', () => {
    const config = parseCmsConfig(readFileSync('admin/config.yml', 'utf8')) as {
      collections: { name: string; summary: string; view_filters: { field: string; pattern: string }[] }[];
    };
    const posts = config.collections.find((c) => c.name === 'posts')!;
    expect(posts.summary).toContain(`{{${SCHEDULE_NOTE}}}`);
    const filter = posts.view_filters.find((f) => f.field === SCHEDULE_NOTE);
    expect('Scheduled for Monday, December 7, 2026, 8:00 a.m.: ').toMatch(new RegExp(filter!.pattern));
  });
});

describe('“Published on” in Decap', () => {
  it('defaults to now on the practice’s clock, whatever the computer’s zone', () => {
    const config = parseCmsConfig(readFileSync('admin/config.yml', 'utf8')) as {
      collections: { name: string; fields: { name: string; default?: unknown; format?: string }[] }[];
    };
    const publishedAt = (of: typeof config) =>
      of.collections.find((c) => c.name === 'posts')!.fields.find((f) => f.name === 'publishedAt')!;
    expect(publishedAt(config)).toMatchObject({ default: '{{now}}', format: 'YYYY-MM-DDTHH:mm' });
    // 13:16 UTC is 8:16 in Toronto (EST): the file must say 08:16, which the build reads as Toronto time.
    const started = withPracticeNow(config, new Date('2026-12-07T13:16:30Z'));
    expect(publishedAt(started).default).toBe('2026-12-07T08:16');
    // In summer time too, and nothing else changes.
    expect(publishedAt(withPracticeNow(config, new Date('2026-07-06T12:00:00Z'))).default).toBe(
      '2026-07-06T08:00',
    );
    // Its hint starts with whose time it is, the practice setting's zone; nothing else changes.
    expect(publishedAt(started)).toMatchObject({
      hint: 'Toronto time. A date and time still ahead schedules the post; it goes on the website then.',
    });
    expect(
      JSON.stringify(started)
        .replace('"2026-12-07T08:16"', '"{{now}}"')
        .replace('"Toronto time. A date', '"A date'),
    ).toBe(JSON.stringify(config));
    const regina = withPracticeNow(config, new Date('2026-12-07T13:16:30Z'), 'America/Regina');
    expect(publishedAt(regina)).toMatchObject({ default: '2026-12-07T07:16' });
    expect((publishedAt(regina) as { hint?: string }).hint).toMatch(/^Regina time\. A date/);
  });
});

describe('“Published on” in Decap, and no other field', () => {
  it('leaves {{now}} alone in a field that is not a wall-clock date and time', () => {
    const config = {
      collections: [
        {
          name: 'posts',
          fields: [
            { name: 'withOffset', widget: 'datetime', default: '{{now}}', format: 'YYYY-MM-DDTHH:mmZ' },
            { name: 'text', widget: 'string', default: '{{now}}', format: 'YYYY-MM-DDTHH:mm' },
          ],
        },
      ],
    };
    expect(withPracticeNow(config, new Date('2026-12-07T13:16:30Z'))).toEqual(config);
  });

  it('takes a configuration without collections', () => {
    expect(withPracticeNow({}, new Date('2026-12-07T13:16:30Z'))).toEqual({ collections: [] });
  });
});
