// The blog's search and tag rules (SPEC 5): contains-text on title or excerpt, case-insensitive;
// typo-tolerant matches after those; tags match any; search AND tags; the featured rule.
import Fuse from 'fuse.js/basic'; // the build the blog island loads
import { describe, expect, it } from 'vitest';
import { tagSlug } from '@/lib/slug';
import {
  containsText,
  createPostSearch,
  hasAnyTag,
  isFiltering,
  showsFeatured,
  type SearchablePost,
} from '@/lib/blog/search';

interface Item extends SearchablePost {
  id: string;
  tags: string[];
}

const items: Omit<Item, 'tagSlugs'>[] = [
  {
    id: 'schedules',
    title: 'Visual Schedules: A Practical Guide',
    excerpt: 'Pictures that show what comes next.',
    tags: ['Visual supports', 'Routines'],
  },
  {
    id: 'routines',
    title: 'Daily Living Routines',
    excerpt: 'Brushing teeth and getting dressed, one step at a time. A schedule helps.',
    tags: ['Life skills', 'Routines'],
  },
  {
    id: 'social',
    title: 'Building Social Skills at Home',
    excerpt: 'Turn-taking games and snack time.',
    tags: ['Social skills', 'Home'],
  },
  {
    id: 'oap',
    title: 'The Ontario Autism Program',
    excerpt: 'Working with a REGISTERED provider.',
    tags: ['Ontario', 'Funding'],
  },
];
const posts: Item[] = items.map((item) => ({ ...item, tagSlugs: item.tags.map(tagSlug) }));

const search = createPostSearch(posts, Fuse);
const ids = (query: string, tags: string[] = []) => search({ query, tags }).map((p) => p.id);

describe('search text', () => {
  it('shows every post whose title or excerpt contains the text, ignoring case, in list order', () => {
    expect(ids('SCHEDULE')).toEqual(['schedules', 'routines']);
    expect(ids('registered')).toEqual(['oap']);
    expect(ids('  turn-taking ')).toEqual(['social']);
  });

  it('matches the contains rule for every substring of every title and excerpt', () => {
    for (const post of posts) {
      for (const text of [post.title, post.excerpt]) {
        for (let start = 0; start < text.length - 3; start += 5) {
          const query = text.slice(start, start + 4);
          if (!query.trim()) continue;
          const found = ids(query);
          const expected = posts.filter((p) => containsText(p, query)).map((p) => p.id);
          expect(found.slice(0, expected.length)).toEqual(expected);
        }
      }
    }
  });

  it('adds typo-tolerant matches after the exact ones', () => {
    expect(ids('scedule')).toContain('schedules');
    expect(ids('ontaro')).toEqual(['oap']);
    const mixed = ids('routine'); // exact: 'routines'; no other exact match
    expect(mixed[0]).toBe('routines');
  });

  it('finds exact matches only until fuse.js has arrived', () => {
    const exactOnly = createPostSearch(posts);
    expect(exactOnly({ query: 'scedule', tags: [] })).toEqual([]);
    expect(exactOnly({ query: 'schedule', tags: [] }).map((p) => p.id)).toEqual(['schedules', 'routines']);
  });

  it('ignores case without fuse.js too', () => {
    const exactOnly = createPostSearch(posts);
    expect(exactOnly({ query: 'SCHEDULE', tags: [] }).map((p) => p.id)).toEqual(['schedules', 'routines']);
  });

  it('lists the exact matches before a near match that comes earlier in the list', () => {
    const list = [
      { id: 'typo', title: 'Visual scedules', excerpt: 'abc', tagSlugs: [] },
      { id: 'exact', title: 'Visual schedules', excerpt: 'abc', tagSlugs: [] },
    ];
    const found = createPostSearch(list, Fuse)({ query: 'schedules', tags: [] });
    expect(found.map((p) => p.id)).toEqual(['exact', 'typo']);
  });

  it('ranks a near match in the title before one in the excerpt', () => {
    const list = [
      { id: 'in-excerpt', title: 'Morning at the park', excerpt: 'Visual scedules', tagSlugs: [] },
      { id: 'in-title', title: 'Visual scedules', excerpt: 'Morning at the park', tagSlugs: [] },
    ];
    const found = createPostSearch(list, Fuse)({ query: 'schedules', tags: [] });
    expect(found.map((p) => p.id)).toEqual(['in-title', 'in-excerpt']);
  });

  it('finds a near match wherever it is in a long excerpt', () => {
    const list = [
      {
        id: 'long',
        title: 'Notes',
        excerpt: `${'Words before the point. '.repeat(12)}Visual scedules.`,
        tagSlugs: [],
      },
    ];
    expect(createPostSearch(list, Fuse)({ query: 'schedules', tags: [] }).map((p) => p.id)).toEqual(['long']);
  });

  it('builds the typo index once, on the first search that needs it', () => {
    let built = 0;
    class Counted<T> extends Fuse<T> {
      constructor(...args: ConstructorParameters<typeof Fuse<T>>) {
        super(...args);
        built += 1;
      }
    }
    const counted = createPostSearch(posts, Counted as typeof Fuse);
    counted({ query: 'ho', tags: [] });
    expect(built).toBe(0);
    counted({ query: 'scedule', tags: [] });
    counted({ query: 'scedules', tags: [] });
    counted({ query: 'ontaro', tags: ['funding'] });
    expect(built).toBe(1);
  });

  it('finds nothing for text that is nowhere near any post', () => {
    expect(ids('zzqxj')).toEqual([]);
  });

  it('does not guess from one or two letters', () => {
    expect(ids('zq')).toEqual([]);
    expect(ids('ho')).toEqual(posts.filter((p) => containsText(p, 'ho')).map((p) => p.id));
  });

  it('shows every post for empty or blank text', () => {
    expect(ids('')).toEqual(['schedules', 'routines', 'social', 'oap']);
    expect(ids('   ')).toEqual(['schedules', 'routines', 'social', 'oap']);
  });
});

describe('tags', () => {
  it('matches any selected tag, by tag slug', () => {
    expect(ids('', ['routines'])).toEqual(['schedules', 'routines']);
    expect(ids('', ['home', 'funding'])).toEqual(['social', 'oap']);
    expect(hasAnyTag(posts[0]!, [])).toBe(true);
    expect(hasAnyTag(posts[0]!, ['visual-supports'])).toBe(true);
  });

  it('combines with the search text by AND', () => {
    expect(ids('schedule', ['life-skills'])).toEqual(['routines']);
    expect(ids('schedule', ['funding'])).toEqual([]);
    expect(ids('scedule', ['home'])).toEqual([]); // typo matches obey the tags too
  });
});

describe('featured rule', () => {
  it('features the first card only without search text and without tags', () => {
    expect(showsFeatured({ query: '', tags: [] })).toBe(true);
    expect(showsFeatured({ query: '  ', tags: [] })).toBe(true);
    expect(showsFeatured({ query: 'a', tags: [] })).toBe(false);
    expect(showsFeatured({ query: '', tags: ['home'] })).toBe(false);
    expect(isFiltering({ query: '', tags: ['home'] })).toBe(true);
  });
});
