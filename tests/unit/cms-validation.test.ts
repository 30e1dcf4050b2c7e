// The check the CMS page runs before it saves (src/lib/cms-validation.ts): what the build refuses is
// refused there too, named by the label the admin sees, and nothing the build accepts is refused.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseFrontMatter } from '@/lib/cms-formats';
import { entryProblems, fieldLabel, fieldsOfEntry, type NamedCollections } from '@/lib/cms-validation';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

type Collection = NamedCollections['collections'][number];
type CmsFile = NonNullable<Collection['files']>[number] & { file: string };
const config = parse(read('admin/config.yml')) as {
  collections: (Omit<Collection, 'files'> & { folder?: string; files?: CmsFile[] })[];
};
/** A folder collection's fields, or those of the one file of a files collection. */
const fieldsOf = (name: string, file = { training: 'courses', settings: 'practice' }[name] ?? '') =>
  fieldsOfEntry(config, name, file);

const readEntry = (path: string) =>
  (path.endsWith('.md') ? parseFrontMatter(read(path)) : JSON.parse(read(path))) as Record<string, unknown>;
const post = () => readEntry('content/posts/visual-schedules-a-practical-guide.md');
const settings = () => readEntry('content/settings/practice.json');
const training = () => readEntry('content/training/courses.json');

describe('the check before the CMS saves', () => {
  it('finds nothing wrong in any committed entry', () => {
    for (const c of config.collections) {
      const entries = c.folder
        ? readdirSync(join(root, c.folder)).map((name) => ({ path: `${c.folder}/${name}`, slug: '' }))
        : c.files!.map((f) => ({ path: f.file, slug: f.name }));
      for (const { path, slug } of entries.filter((e) => /\.(md|json)$/.test(e.path))) {
        expect(entryProblems(c.name, readEntry(path), fieldsOfEntry(config, c.name, slug)), path).toEqual([]);
      }
    }
  });

  it('refuses a tag over 40 characters, which the comma-separated field cannot check', () => {
    const entry = { ...post(), tags: ['Home', 'A very long tag that is over forty characters'] };
    expect(entryProblems('posts', entry, fieldsOf('posts'))).toEqual([
      'Tags › item 2: At most 40 characters',
    ]);
  });

  it('refuses opening hours whose two spellings disagree, and an unknown time zone', () => {
    const entry = settings();
    const hours = structuredClone(entry.hours) as { opens: string }[];
    hours[0]!.opens = '10:00 AM';
    expect(
      entryProblems('settings', { ...entry, hours, timeZone: 'America/Torronto' }, fieldsOf('settings')),
    ).toEqual([
      'Time zone: Unknown time zone',
      'Opening hours › item 1 › Opens (as shown): must be open24 as a 12-hour time (09:00 is 9:00 AM)',
    ]);
  });

  it('refuses a bundle that costs as much as both courses', () => {
    expect(
      entryProblems('training', { ...training(), bundle: { price: 698 } }, fieldsOf('training')),
    ).toEqual([
      'Bundle of both courses › Price (whole Canadian dollars): The bundle price must be less than the two course prices together.',
    ]);
  });

  it('refuses a picture in the text that the blog cannot show', () => {
    const entry = { ...post(), body: 'Look:\n\n![A schedule](images/schedule.png)\n' };
    const [problem, ...others] = entryProblems('posts', entry, fieldsOf('posts'));
    expect(others).toEqual([]);
    expect(problem).toMatch(
      /^Body: the text shows "images\/schedule\.png": a picture in a post's text must be/,
    );
  });

  it('refuses a picture from the repository in a service page too, which the sanitised page cannot show', () => {
    const entry = { ...readEntry('content/services/life-skills.md'), body: '![A room](./images/room.png)\n' };
    expect(entryProblems('services', entry, fieldsOf('services'))).toEqual([
      expect.stringMatching(
        /^Rest of the page: the text shows "\.\/images\/room\.png": a picture in a service page's text/,
      ),
    ]);
  });

  it('says in plain words what a missing or too long value needs', () => {
    const { title: _title, ...untitled } = post();
    expect(entryProblems('posts', { ...untitled, excerpt: 'E'.repeat(301) }, fieldsOf('posts'))).toEqual([
      'Title: Fill this in',
      'Excerpt: At most 300 characters',
    ]);
    const team = readEntry('content/team/lead-therapist.json');
    expect(entryProblems('team', { ...team, highlights: [] }, fieldsOf('team'))).toEqual([
      'Highlights: At least 1 item',
    ]);
  });
});

describe('field labels', () => {
  it('follow the path through objects and lists as the form shows them', () => {
    const fields = fieldsOf('training');
    expect(fieldLabel(['courses', 1, 'topics', 0], fields)).toBe('Courses › item 2 › Topics › item 1');
    expect(fieldLabel([], fields)).toBe('This entry');
    expect(fieldLabel(['not-a-field'], fields)).toBe('not-a-field');
  });
});
