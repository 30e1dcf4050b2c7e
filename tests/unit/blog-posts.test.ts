// The blog's list rules: order, unique slugs at build, tags, pages, browser-post merging.
import { describe, expect, it } from 'vitest';
import {
  BLOG_PAGE_SIZE,
  blogPageHref,
  collectTags,
  differsFromBuilt,
  mergeBrowserPosts,
  newestFirst,
  pageListItems,
  paginate,
  postHref,
  postsWithTag,
  publicAt,
  tagListPages,
  tagPageHref,
  tagPageText,
  type CardPost,
} from '@/lib/blog/posts';
import { safePictureAddress } from '@/lib/text/url-check';
import { slugCollisions, tagHref, withUniqueSlugs } from '@/lib/blog/slugs';
import { tagSlug } from '@/lib/slug';

const card = (slug: string, day: string, extra: Partial<CardPost> = {}): CardPost => ({
  slug,
  title: slug,
  excerpt: `About ${slug}`,
  tags: [],
  author: 'Admin',
  publishedAt: Date.parse(`${day}T12:00:00Z`),
  day,
  dateLabel: day,
  ...extra,
  tagSlugs: (extra.tags ?? []).map(tagSlug),
});

describe('order and drafts', () => {
  it('puts the newest first and keeps ties stable by title', () => {
    const posts = [card('b', '2025-01-01'), card('c', '2025-03-01'), card('a', '2025-01-01')];
    expect(newestFirst(posts).map((p) => p.slug)).toEqual(['c', 'a', 'b']);
  });

  it('keeps only posts that are not drafts and whose time has come', () => {
    const now = Date.parse('2026-12-07T13:00:00Z');
    const posts = [
      { slug: 'past', isDraft: false, publishedAt: now - 60_000 },
      { slug: 'draft', isDraft: true, publishedAt: now - 60_000 },
      { slug: 'on-the-minute', isDraft: false, publishedAt: now },
      { slug: 'ahead', isDraft: false, publishedAt: new Date(now + 60_000) },
    ];
    expect(publicAt(posts, now).map((p) => p.slug)).toEqual(['past', 'on-the-minute']);
    expect(publicAt(posts, now + 60_000).map((p) => p.slug)).toEqual(['past', 'on-the-minute', 'ahead']);
  });
});

describe('slugs at build', () => {
  const entry = (id: string, title: string, day: string, slug?: string) => ({
    id,
    title,
    slug,
    publishedAt: new Date(`${day}T12:00:00Z`),
  });

  it('makes the slug from the title, or from the front-matter slug', () => {
    const [a, b] = withUniqueSlugs([
      entry('a', 'Café Visits: Étape 1!', '2025-01-01'),
      entry('b', 'Anything', '2025-01-02', 'chosen-slug'),
    ]);
    expect(a!.slug).toBe('cafe-visits-etape-1');
    expect(b!.slug).toBe('chosen-slug');
  });

  it('never gives two posts one slug: a named one first, then the oldest; the rest get a numeric suffix', () => {
    const posts = withUniqueSlugs([
      entry('newest', 'Visual Schedules', '2025-06-01'),
      entry('oldest', 'Visual schedules!', '2025-01-01'),
      entry('middle', 'x', '2025-03-01', 'visual-schedules'),
      entry('named-later', 'y', '2025-04-01', 'visual-schedules'),
    ]);
    expect(Object.fromEntries(posts.map((p) => [p.id, p.slug]))).toEqual({
      middle: 'visual-schedules',
      'named-later': 'visual-schedules-2',
      oldest: 'visual-schedules-3',
      newest: 'visual-schedules-4',
    });
    expect(posts.map((p) => p.id)).toEqual(['newest', 'oldest', 'middle', 'named-later']); // order kept
  });

  it('names each post moved off the address it asks for, and the file that has it', () => {
    const asked = [
      entry('older', 'Visual Schedules', '2025-01-01'),
      entry('newer', 'x', '2025-06-01', 'visual-schedules'),
      entry('plain', 'Something Else', '2025-02-01'),
      entry('page', 'Tags', '2025-03-01'),
    ];
    const posts = withUniqueSlugs(asked).map((post, index) => ({
      ...post,
      file: `content/posts/${post.id}.md`,
      wanted: asked[index]!.slug,
    }));
    expect(slugCollisions(posts)).toEqual([
      'content/posts/older.md: /blog/visual-schedules is taken (content/posts/newer.md has it), so this post is at /blog/visual-schedules-2.',
      "content/posts/page.md: /blog/tags is taken (it is one of the blog's own pages), so this post is at /blog/tags-2.",
    ]);
  });

  it('keeps the slug a file names, however old a post whose slug comes from its title is', () => {
    // The admin publishes `slug: foo` beside a draft "Foo" committed earlier without a slug: the
    // admin links to /blog/foo, so the draft (which no visitor has seen) gives way.
    const posts = withUniqueSlugs([
      entry('foo-notes', 'Foo', '2025-01-01'),
      entry('foo', 'Foo', '2025-06-01', 'foo'),
      entry('foo-again', 'Foo!', '2025-03-01'),
    ]);
    expect(Object.fromEntries(posts.map((p) => [p.id, p.slug]))).toEqual({
      foo: 'foo',
      'foo-notes': 'foo-2',
      'foo-again': 'foo-3',
    });
  });

  it('breaks a tie of dates by file name, so builds are repeatable', () => {
    const posts = withUniqueSlugs([
      entry('b-file', 'Same', '2025-01-01'),
      entry('a-file', 'Same', '2025-01-01'),
    ]);
    expect(posts.find((p) => p.id === 'a-file')!.slug).toBe('same');
    expect(posts.find((p) => p.id === 'b-file')!.slug).toBe('same-2');
  });

  it('gives an untitled-looking post a working slug', () => {
    expect(withUniqueSlugs([entry('e', '🎉🎉', '2025-01-01')])[0]!.slug).toBe('post');
  });
});

describe('addresses', () => {
  it('builds post, tag and page addresses', () => {
    expect(postHref('visual-schedules')).toBe('/blog/visual-schedules');
    expect(tagSlug('Social Skills')).toBe('social-skills');
    expect(tagHref('Getting started')).toBe('/blog/tags/getting-started');
    expect(tagPageHref('getting-started')).toBe('/blog/tags/getting-started');
    expect(tagPageHref('getting-started', 1)).toBe('/blog/tags/getting-started');
    expect(tagPageHref('getting-started', 2)).toBe('/blog/tags/getting-started/page/2');
    expect(blogPageHref(1)).toBe('/blog');
    expect(blogPageHref(3)).toBe('/blog/page/3');
  });
});

describe('tags', () => {
  const posts = [
    card('a', '2025-01-01', { tags: ['Routines', 'Home'] }),
    card('b', '2025-01-02', { tags: ['routines', 'School'] }),
    card('c', '2025-01-03', { tags: ['Routines'] }),
  ];

  it('lists each tag once by slug, with the most used spelling and a count, alphabetically', () => {
    expect(collectTags(posts)).toEqual([
      { slug: 'home', label: 'Home', count: 1 },
      { slug: 'routines', label: 'Routines', count: 3 },
      { slug: 'school', label: 'School', count: 1 },
    ]);
  });

  it('finds the posts of a tag whatever their spelling', () => {
    expect(postsWithTag(posts, 'routines').map((p) => p.slug)).toEqual(['a', 'b', 'c']);
  });

  it('counts a post once for a tag it lists twice in two spellings', () => {
    const twice = [
      card('a', '2025-01-01', { tags: ['Routines', 'routines'] }),
      card('b', '2025-01-02', { tags: ['routines'] }),
    ];
    expect(collectTags(twice)).toEqual([{ slug: 'routines', label: 'Routines', count: 2 }]);
  });

  it('labels a tag with the spelling seen first when two spellings are used as often', () => {
    const tie = [card('a', '2025-01-01', { tags: ['home'] }), card('b', '2025-01-02', { tags: ['Home'] })];
    expect(collectTags(tie)).toEqual([{ slug: 'home', label: 'home', count: 2 }]);
  });
});

describe('pages', () => {
  it('splits posts into pages of twelve, and an empty list into one empty page', () => {
    const posts = Array.from({ length: 25 }, (_, i) => i);
    expect(paginate(posts).map((page) => page.length)).toEqual([BLOG_PAGE_SIZE, BLOG_PAGE_SIZE, 1]);
    expect(paginate([])).toEqual([[]]);
  });

  it("splits each tag's posts into pages of twelve, newest first as given, every tag at least one page", () => {
    // 25 posts tagged Routines (one spelled otherwise), every fifth also Home; one post tagged School.
    const posts = [
      ...Array.from({ length: 25 }, (_, i) =>
        card(`r${i}`, `2025-02-${String(28 - i).padStart(2, '0')}`, {
          tags: [i === 3 ? 'routines' : 'Routines', ...(i % 5 === 0 ? ['Home'] : [])],
        }),
      ),
      card('s', '2024-01-01', { tags: ['School'] }),
    ];
    const pages = tagListPages(posts);
    expect(pages.map(({ tag, page, pageCount, posts }) => [tag.slug, page, pageCount, posts.length])).toEqual(
      [
        ['home', 1, 1, 5],
        ['routines', 1, 3, 12],
        ['routines', 2, 3, 12],
        ['routines', 3, 3, 1],
        ['school', 1, 1, 1],
      ],
    );
    const routines = pages.filter((page) => page.tag.slug === 'routines');
    expect(routines.flatMap((page) => page.posts.map((post) => post.slug))).toEqual(
      posts.slice(0, 25).map((post) => post.slug),
    );
    // The count is the tag's, on every page.
    expect(routines.map((page) => page.tag)).toEqual(
      Array(3).fill({ slug: 'routines', label: 'Routines', count: 25 }),
    );
    expect(tagListPages([])).toEqual([]);
  });

  it("titles and describes a tag's first page by its count, and each further page by its number", () => {
    const [first, second] = tagListPages(
      Array.from({ length: 13 }, (_, i) => card(`p${i}`, '2025-01-01', { tags: ['Home'] })),
    );
    expect(tagPageText(first!)).toEqual({
      title: 'Posts tagged Home',
      description: "13 posts tagged Home on our therapy practice's blog.",
    });
    expect(tagPageText(second!)).toEqual({
      title: 'Posts tagged Home, page 2',
      description: "Older posts tagged Home on our therapy practice's blog, page 2 of 2.",
    });
  });

  it('names the first, last, current and neighbouring pages, and a gap only for two or more', () => {
    expect(pageListItems(1, 1)).toEqual([1]);
    expect(pageListItems(2, 3)).toEqual([1, 2, 3]);
    expect(pageListItems(1, 5)).toEqual([1, 2, 'gap', 5]);
    expect(pageListItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageListItems(4, 84)).toEqual([1, 2, 3, 4, 5, 'gap', 84]);
    expect(pageListItems(42, 84)).toEqual([1, 'gap', 41, 42, 43, 'gap', 84]);
    expect(pageListItems(84, 84)).toEqual([1, 'gap', 83, 84]);
    // However many pages there are, at most seven items.
    for (let page = 1; page <= 417; page++) expect(pageListItems(page, 417).length).toBeLessThanOrEqual(7);
  });
});

describe('featured image URLs from the browser store (the picture rule of url-check)', () => {
  it.each([
    ['/_astro/a.webp', '/_astro/a.webp'],
    ['https://example.org/a.png', 'https://example.org/a.png'],
    ['  https://example.org/a.png ', 'https://example.org/a.png'],
    // The pages' Content-Security-Policy (img-src https:) blocks http, and a backslash leads elsewhere.
    ['http://example.org/a.png', undefined],
    ['/\\evil.example/a.png', undefined],
    ['javascript:alert(1)', undefined],
    ['data:image/svg+xml,<svg onload=alert(1)>', undefined],
    ['//evil.example/a.png', undefined],
    ['ftp://example.org/a.png', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%s -> %s', (input, expected) => {
    expect(safePictureAddress(input)).toBe(expected);
  });
});

describe('laying browser posts over the built list', () => {
  const built = [card('new', '2025-03-01'), card('mid', '2025-02-01'), card('old', '2025-01-01')];

  it('changes nothing when the browser holds nothing of its own', () => {
    const merged = mergeBrowserPosts(built, { published: [], knownSlugs: new Set() });
    expect(merged.map((p) => p.slug)).toEqual(['new', 'mid', 'old']);
    expect(differsFromBuilt(merged, built)).toBe(false);
  });

  it("adds the admin's posts in date order and lets the browser version win for a slug", () => {
    const edited = card('mid', '2025-04-01', { title: 'Edited here', fromBrowser: true });
    const created = card('only-here', '2025-02-15', { fromBrowser: true });
    const merged = mergeBrowserPosts(built, { published: [edited, created], knownSlugs: new Set() });
    expect(merged.map((p) => [p.slug, p.title])).toEqual([
      ['mid', 'Edited here'],
      ['new', 'new'],
      ['only-here', 'only-here'],
      ['old', 'old'],
    ]);
    expect(differsFromBuilt(merged, built)).toBe(true);
  });

  it('hides built posts the store holds as drafts or has deleted or renamed', () => {
    const merged = mergeBrowserPosts(built, { published: [], knownSlugs: new Set(['new', 'old']) });
    expect(merged.map((p) => p.slug)).toEqual(['mid']);
    expect(differsFromBuilt(merged, built)).toBe(true);
    // Only the last one hidden: the rest in the built order, one card fewer.
    const shorter = mergeBrowserPosts(built, { published: [], knownSlugs: new Set(['old']) });
    expect(shorter.map((p) => p.slug)).toEqual(['new', 'mid']);
    expect(differsFromBuilt(shorter, built)).toBe(true);
  });

  it('counts a post edited here as a change, though it keeps its place in the list', () => {
    const edited = card('mid', '2025-02-01', { title: 'Retitled here', fromBrowser: true });
    const merged = mergeBrowserPosts(built, { published: [edited], knownSlugs: new Set(['mid']) });
    expect(merged.map((p) => [p.slug, p.title])).toEqual([
      ['new', 'new'],
      ['mid', 'Retitled here'],
      ['old', 'old'],
    ]);
    expect(differsFromBuilt(merged, built)).toBe(true);
  });
});
