// The check the CMS page runs before it saves (src/lib/cms/validation.ts): what the build refuses is
// refused there too, named by the label the admin sees, and nothing the build accepts is refused.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseCmsConfig } from '@/lib/config/cms-config.mjs';
import { parseFrontMatter } from '@/lib/cms/formats';
import {
  entryProblems,
  fieldLabel,
  fieldsOfEntry,
  withLabels,
  type NamedCollections,
} from '@/lib/cms/validation';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

type Collection = NamedCollections['collections'][number];
type CmsFile = NonNullable<Collection['files']>[number] & { file: string };
const config = parseCmsConfig(read('admin/config.yml')) as {
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
    expect(entryProblems('posts', entry, fieldsOf('posts'))).toEqual(['Tag 2: Write at most 40 characters']);
  });

  it('refuses opening hours whose two spellings disagree, and an unknown time zone', () => {
    const entry = settings();
    const hours = structuredClone(entry.hours) as { opens: string }[];
    hours[0]!.opens = '10:00 AM';
    expect(
      entryProblems('settings', { ...entry, hours, timeZone: 'America/Torronto' }, fieldsOf('settings')),
    ).toEqual([
      'Time zone: Unknown time zone',
      'Opening hours row 1 › Opens (as shown): must be “Opens (24-hour clock)” as a 12-hour time (09:00 is 9:00 AM)',
    ]);
  });

  it('refuses a bundle that costs as much as both courses', () => {
    expect(
      entryProblems('training', { ...training(), bundle: { price: 698 } }, fieldsOf('training')),
    ).toEqual([
      'Bundle of both courses › Price (whole Canadian dollars): The bundle price must be less than the two course prices together.',
    ]);
  });

  it('takes a picture from the media library with alt text, and refuses one without', () => {
    const described = { ...post(), body: 'Look:\n\n![A schedule](images/schedule.png)\n' };
    expect(entryProblems('posts', described, fieldsOf('posts'))).toEqual([]);
    const decorative = { ...post(), body: '![](images/line.png "decorative")\n' };
    expect(entryProblems('posts', decorative, fieldsOf('posts'))).toEqual([]);
    const bare = { ...post(), body: 'Look:\n\n![](images/schedule.png)\n' };
    const [problem, ...others] = entryProblems('posts', bare, fieldsOf('posts'));
    expect(others).toEqual([]);
    expect(problem).toMatch(/^Body: the picture "images\/schedule\.png": it has no alt text: /);
  });

  it('refuses a picture in the text that the blog cannot show', () => {
    const entry = { ...post(), body: 'Look:\n\n![A schedule](http://pictures.example.org/schedule.png)\n' };
    expect(entryProblems('posts', entry, fieldsOf('posts'))).toEqual([
      expect.stringMatching(
        /^Body: the picture "http:\/\/pictures\.example\.org\/schedule\.png": its address must be a web address starting with https:\/\//,
      ),
    ]);
  });

  it('refuses a picture from the repository in a service page too, which the sanitised page cannot show', () => {
    const entry = { ...readEntry('content/services/life-skills.md'), body: '![A room](./images/room.png)\n' };
    expect(entryProblems('services', entry, fieldsOf('services'))).toEqual([
      expect.stringMatching(
        /^Rest of the page: the picture "\.\/images\/room\.png": a picture in a service page's text must be a web address starting with https:\/\/; the page's own picture goes in “Picture”$/,
      ),
    ]);
  });

  it('says in plain words what a missing or too long value needs', () => {
    const { title: _title, ...untitled } = post();
    expect(entryProblems('posts', { ...untitled, excerpt: 'E'.repeat(301) }, fieldsOf('posts'))).toEqual([
      'Title: Fill this in',
      'Excerpt: Write at most 300 characters',
    ]);
    const team = readEntry('content/team/lead-therapist.json');
    expect(entryProblems('team', { ...team, highlights: [] }, fieldsOf('team'))).toEqual([
      'Highlights: Add at least 1 item',
    ]);
  });
});

describe('field labels', () => {
  it('replace the names of the files in every message the admin reads', () => {
    const fields = fieldsOf('settings');
    expect(withLabels('must be open24, not close24', fields)).toBe(
      'must be “Opens (24-hour clock)”, not “Closes (24-hour clock)”',
    );
    // Plain words stay: 'name' and 'days' are fields too.
    expect(withLabels('the name of the days', fields)).toBe('the name of the days');
    expect(withLabels('goes in featuredImage, with featuredImageAlt', fieldsOf('posts'))).toBe(
      'goes in “Picture at the top of the post”, with “Description of the top picture”',
    );
  });

  it('leave no name an admin does not see in a refused entry', () => {
    const names = config.collections
      .flatMap((c) => [...(c.fields ?? []), ...(c.files ?? []).flatMap((f) => f.fields)])
      .flatMap(function all(f): string[] {
        return [f.name, ...[...(f.fields ?? []), ...(f.field ? [f.field] : [])].flatMap(all)];
      })
      .filter((name) => /[A-Z0-9]/.test(name));
    expect(names).toEqual(expect.arrayContaining(['featuredImage', 'open24', 'publishedAt']));
    const entry = settings();
    const hours = structuredClone(entry.hours) as { opens: string; closes: string }[];
    hours[0]!.opens = '10:00 AM';
    hours[0]!.closes = '4:00 PM';
    const problems = [
      ...entryProblems('settings', { ...entry, hours }, fieldsOf('settings')),
      ...entryProblems(
        'posts',
        { ...post(), publishedAt: 'soon', featuredImage: 'https://example.org/a.png', body: '![](a.png)' },
        fieldsOf('posts'),
      ),
    ];
    expect(problems.length).toBeGreaterThanOrEqual(4);
    for (const problem of problems) expect(problem).not.toMatch(new RegExp(`\\b(${names.join('|')})\\b`));
  });

  it('follow the path through objects and lists as the form shows them', () => {
    const fields = fieldsOf('training');
    expect(fieldLabel(['courses', 1, 'topics', 0], fields)).toBe('Course 2 › Topic 1');
    expect(fieldLabel(['courses', 1], [{ name: 'courses', label: 'Courses', widget: 'list' }])).toBe(
      'Courses › item 2',
    );
    expect(fieldLabel([], fields)).toBe('This entry');
    expect(fieldLabel(['not-a-field'], fields)).toBe('not-a-field');
  });
});
