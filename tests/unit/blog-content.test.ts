// The posts collection: the schema (src/content.config.ts), the seed posts in content/posts, slugs
// at build, and the manifest that seeds the browser store and the card list the islands read.
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { z } from 'astro/zod';
import { publicAt } from '@/lib/blog/posts';
import { withUniqueSlugs } from '@/lib/blog/slugs';
import { readFrontMatter } from '@/lib/text/post-file';
import { UNWELCOME_WORDING, withoutDenials } from '../helpers';

// Stand-ins for Astro's virtual modules: the collection comes from `entries`, images are fake files.
const entries: unknown[] = [];
vi.mock('astro:content', () => ({
  defineCollection: (config: unknown) => config,
  getCollection: async () => entries,
}));
vi.mock('astro:assets', () => ({
  getImage: async ({ src, width, widths }: { src: { src: string }; width?: number; widths?: number[] }) => ({
    src: `/_astro/${src.src}.${width ?? 1200}.webp`,
    srcSet: { attribute: (widths ?? []).map((w) => `/_astro/${src.src}.${w}.webp ${w}w`).join(', ') },
    attributes: { width: 1200, height: 675 },
  }),
}));
const { checkPostSources } = await import('@/content.config');
const { postSchema } = await import('@/lib/content/schemas');
const { buildManifest, getPublishedCards } = await import('@/lib/content/posts');

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const postsDir = join(root, 'content/posts');
const schemaContext = { image: () => z.string().min(1) } as unknown as Parameters<typeof postSchema>[0];
const schema = postSchema(schemaContext);

const files = readdirSync(postsDir)
  .filter((file) => file.endsWith('.md'))
  .map((file) => {
    const { data, content } = readFrontMatter(readFileSync(join(postsDir, file), 'utf8'));
    return { id: file.replace(/\.md$/, ''), data, body: content };
  });
// A file the schema refuses fails its own test below ('every post file'), not the whole file here.
const parsed = files.flatMap((file) => {
  const result = schema.safeParse(file.data);
  return result.success ? [{ ...file, post: result.data }] : [];
});

const words = (markdown: string) =>
  markdown
    .replace(/[#*_[\]()>`-]/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;

describe('post front matter', () => {
  const valid = { title: 'A title', excerpt: 'An excerpt.', publishedAt: '2025-01-05' };

  it('fills in the defaults', () => {
    expect(schema.parse(valid)).toMatchObject({
      tags: [],
      author: 'Admin',
      isDraft: false,
      featuredImageAlt: '',
      publishedAt: new Date('2025-01-05T12:00:00Z'),
    });
  });

  it('reads a YAML date (UTC midnight) as that calendar day', () => {
    const post = schema.parse({ ...valid, publishedAt: new Date('2025-01-05T00:00:00Z') });
    expect(post.publishedAt.toISOString()).toBe('2025-01-05T12:00:00.000Z');
  });

  it('trims tags and drops empty and repeated ones', () => {
    expect(schema.parse({ ...valid, tags: [' Home ', '', 'Home', 'Play'] }).tags).toEqual(['Home', 'Play']);
    // As the admin's tags field and the CMS read them: a comma separates two tags.
    expect(schema.parse({ ...valid, tags: ['Life skills, Home', 'Home'] }).tags).toEqual([
      'Life skills',
      'Home',
    ]);
  });

  it.each([
    ['title', { excerpt: 'x', publishedAt: '2025-01-05' }],
    ['excerpt', { title: 'x', publishedAt: '2025-01-05' }],
    ['title', { ...valid, title: '   ' }],
    ['publishedAt', { ...valid, publishedAt: 'soon' }],
    ['publishedAt', { title: 'x', excerpt: 'y' }],
    ['slug', { ...valid, slug: 'Not A Slug' }],
    ['isDraft', { ...valid, isDraft: 'yes' }],
    ['tags', { ...valid, tags: 'home' }],
  ])('names the field %s when it is wrong', (field, data) => {
    const result = schema.safeParse(data);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.path.join('.'))).toContain(field);
  });

  it('says how to write tags given as one line of text, which Decap CMS could not open', () => {
    const result = schema.safeParse({ ...valid, tags: 'Home, Daily living' });
    expect(result.error?.issues).toMatchObject([
      { path: ['tags'], message: 'must be a list, like [Home, Daily living]' },
    ]);
  });

  it('refuses a web address as the featured image, naming the field, and takes a repository path', () => {
    for (const address of [
      'https://example.com/a.jpg',
      'HTTP://example.com/a.jpg',
      '//cdn.example/a.jpg',
      'data:image/png;base64,AAAA',
    ]) {
      const result = schema.safeParse({ ...valid, featuredImage: address });
      expect(result.success, address).toBe(false);
      expect(result.error!.issues[0]).toMatchObject({
        path: ['featuredImage'],
        message: expect.stringContaining('not a web address'),
      });
    }
    expect(schema.safeParse({ ...valid, featuredImage: './images/a-picture.svg' }).success).toBe(true);
  });

  it('refuses a picture path with a backslash, a space or a line break, saying so', () => {
    for (const [address, message] of [
      ['/\\cdn.example/a.jpg', 'must not contain a backslash'],
      ['./images/a picture.svg', 'must not contain spaces'],
      ['./images/a.svg\nisDraft: true', 'must not contain spaces, line breaks'],
    ]) {
      const result = schema.safeParse({ ...valid, featuredImage: address });
      expect(result.success, address).toBe(false);
      expect(result.error!.issues[0]).toMatchObject({
        path: ['featuredImage'],
        message: expect.stringContaining(message),
      });
    }
  });

  it('rejects a misspelt field instead of ignoring it', () => {
    const result = schema.safeParse({ ...valid, draft: true });
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error!.issues)).toContain('draft');
  });
});

describe('every post file', () => {
  // What the schema and the CMS accept, these tests accept: a post an editor adds may have no
  // picture, no tags and any length. The editorial checks below are for the seed posts only.
  it.each(files.map((f) => [f.id, f] as const))(
    '%s matches the schema, and its picture exists',
    (_id, file) => {
      const result = schema.safeParse(file.data);
      expect(result.error?.issues ?? []).toEqual([]);
      if (result.data?.featuredImage)
        expect(existsSync(resolve(postsDir, String(result.data.featuredImage)))).toBe(true);
    },
  );

  it('gives every post its own slug', () => {
    const withSlugs = withUniqueSlugs(parsed.map((p) => ({ ...p.post, id: p.id })));
    expect(new Set(withSlugs.map((p) => p.slug)).size).toBe(withSlugs.length);
  });
});

/** The posts the site launched with, the e2e tests read, and the editorial checks hold to. */
const SEED_IDS = [
  'building-social-skills-at-home',
  'daily-living-routines',
  'getting-ready-for-a-new-school-year',
  'looking-after-the-caregiver',
  'ontario-autism-program-and-registered-providers',
  'planning-the-move-to-adult-life',
  'preparing-for-a-first-session',
  'visual-schedules-a-practical-guide',
  'what-aba-therapy-is-and-is-not',
];
const seeds = parsed.filter((p) => SEED_IDS.includes(p.id));

describe('seed posts', () => {
  it('are all there', () => {
    expect(seeds.map((p) => p.id)).toEqual(SEED_IDS);
  });

  it('have at least 8 published posts and one draft', () => {
    expect(seeds.filter((p) => !p.post.isDraft).length).toBeGreaterThanOrEqual(8);
    expect(seeds.filter((p) => p.post.isDraft).length).toBeGreaterThanOrEqual(1);
  });

  it.each(seeds.map((p) => [p.id, p] as const))(
    '%s is 500-900 words, respectful, and has a picture when published',
    (_id, file) => {
      expect(words(file.body)).toBeGreaterThanOrEqual(500);
      expect(words(file.body)).toBeLessThanOrEqual(900);
      expect(
        withoutDenials(JSON.stringify(file.data) + file.body).match(UNWELCOME_WORDING)?.[0],
      ).toBeUndefined();
      if (!file.post.isDraft) expect(file.post.featuredImage).toBeTruthy();
    },
  );

  it('use varied tags', () => {
    expect(new Set(seeds.flatMap((p) => p.post.tags)).size).toBeGreaterThanOrEqual(8);
  });

  it('link only to published posts', () => {
    const withSlugs = withUniqueSlugs(parsed.map((p) => ({ ...p.post, id: p.id })));
    const published = new Set(publicAt(withSlugs, Date.now()).map((p) => p.slug));
    for (const file of seeds) {
      for (const [, slug] of file.body.matchAll(/\]\(\/blog\/([^)#?]+)\)/g))
        expect(published, file.id).toContain(slug);
    }
  });
});

describe('what the build publishes', () => {
  const entry = (id: string, data: Record<string, unknown>, html: string, filePath?: string) => ({
    id,
    data: schema.parse({ excerpt: `About ${id}`, ...data }),
    rendered: { html },
    filePath,
  });
  // The build reads the featured image's path as written from the file itself.
  const olderFile = join(mkdtempSync(join(tmpdir(), 'post-file-')), 'older.md');
  writeFileSync(olderFile, '---\ntitle: Same Title\nfeaturedImage: ./images/older.svg\n---\nOne\n');
  afterAll(() => rmSync(dirname(olderFile), { recursive: true, force: true }));
  entries.push(
    entry(
      'older',
      {
        title: 'Same Title',
        publishedAt: '2025-01-05',
        tags: ['Home'],
        featuredImage: 'older.svg',
        featuredImageAlt: 'A drawing.',
      },
      '<p>One</p>',
      olderFile,
    ),
    entry(
      'newer',
      { title: 'Same title!', publishedAt: '2025-02-01' },
      '<p onclick="alert(1)">Two<script>alert(1)</script></p>',
    ),
    entry(
      'draft',
      { title: 'Draft', publishedAt: '2025-03-01', isDraft: true },
      '<p><a href="javascript:alert(1)">x</a></p>',
    ),
  );
  // image() yields the image's metadata; the stand-in's string becomes a tiny fake of it.
  for (const item of entries as { data: { featuredImage?: unknown } }[]) {
    if (typeof item.data.featuredImage === 'string') {
      item.data.featuredImage = { src: item.data.featuredImage, width: 1200, height: 675, format: 'svg' };
    }
  }

  it('lists published posts only, newest first, as cards with dates and responsive images', async () => {
    const cards = await getPublishedCards();
    expect(cards.map((c) => [c.slug, c.dateLabel])).toEqual([
      ['same-title-2', 'Feb 1, 2025'],
      ['same-title', 'Jan 5, 2025'],
    ]);
    expect(cards[1]).toMatchObject({
      day: '2025-01-05',
      tags: ['Home'],
      tagSlugs: ['home'],
      author: 'Admin',
    });
    expect(cards[1]!.image!.srcset).toContain('400w');
    expect(cards[0]).not.toHaveProperty('image');
  });

  it('writes a public manifest of published posts only, content sanitised, a revision each', async () => {
    const manifest = await buildManifest();
    expect(manifest.version).toBe(1);
    expect(manifest.revision).toMatch(/^[0-9a-f]{16}$/);
    expect(manifest.posts.map((p) => [p.slug, p.isDraft])).toEqual([
      ['same-title-2', false],
      ['same-title', false],
    ]);
    const [newer, older] = manifest.posts;
    expect(Object.keys(older!).sort()).toEqual(
      [
        'author',
        'content',
        'excerpt',
        'featuredImage',
        'isDraft',
        'publishedAt',
        'revision',
        'slug',
        'source',
        'tags',
        'title',
        'updatedAt',
      ].sort(),
    );
    // What an export of the post needs to replace its file and keep its picture (markdown.ts), and
    // the file's SHA-256, which a publish from the admin checks the repository still has (src/lib/publish).
    expect(older!.source).toEqual({
      file: 'older.md',
      featuredImage: './images/older.svg',
      featuredImageAlt: 'A drawing.',
      sha256: createHash('sha256').update(readFileSync(olderFile)).digest('hex'),
    });
    expect(newer!.source).toEqual({ file: 'newer.md' });
    expect(older).toMatchObject({
      publishedAt: '2025-01-05T12:00:00.000Z',
      updatedAt: '2025-01-05T12:00:00.000Z',
      featuredImage: '/_astro/older.svg.1200.webp',
    });
    expect(newer!.content).toBe('<p>Two</p>');
    expect(new Set(manifest.posts.map((p) => p.revision)).size).toBe(2);
  });
});

describe('the posts loader', () => {
  /** Runs the wrapped loader over one post file, as the glob loader would, in a throwaway root. */
  function loadPost(frontMatter: string, body = 'Text\n', pictures: string[] = [], pictureText = '<svg/>') {
    return loadFile(`---\n${frontMatter}\n---\n${body}`, pictures, pictureText);
  }

  async function loadFile(text: string, pictures: string[] = [], pictureText = '<svg/>') {
    const dir = mkdtempSync(join(tmpdir(), 'posts-'));
    try {
      writeFileSync(join(dir, 'typo.md'), text);
      mkdirSync(join(dir, 'images'));
      for (const picture of pictures) writeFileSync(join(dir, 'images', picture), pictureText);
      const parseData = vi.fn(async (entry: { data: Record<string, unknown> }) => entry.data);
      const loader = checkPostSources({
        name: 'stand-in for glob()',
        load: async (context) => {
          await context.parseData({ id: 'typo', data: {}, filePath: 'typo.md' });
        },
      });
      const context = { config: { root: pathToFileURL(`${dir}/`) }, parseData };
      await loader.load(context as unknown as Parameters<typeof loader.load>[0]);
      return parseData;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it("reads a tag of digits as text, as Decap CMS and the admin's import do", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'posts-'));
    try {
      const text = '---\ntitle: T\nexcerpt: E\npublishedAt: 2025-01-05\ntags: [2025, Home]\n---\nText\n';
      writeFileSync(join(dir, 'years.md'), text);
      const parseData = vi.fn(async (entry: { data: Record<string, unknown> }) => schema.parse(entry.data));
      const loader = checkPostSources({
        name: 'stand-in for glob()',
        load: async (context) => {
          await context.parseData({ id: 'years', data: readFrontMatter(text).data, filePath: 'years.md' });
        },
      });
      const context = { config: { root: pathToFileURL(`${dir}/`) }, parseData };
      await loader.load(context as unknown as Parameters<typeof loader.load>[0]);
      expect((await parseData.mock.results[0]!.value).tags).toEqual(['2025', 'Home']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("reads a field left empty as one left out, as Decap CMS and the admin's import do", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'posts-'));
    try {
      // A template kept with its optional lines, each left empty (null) or set to ''.
      const text =
        "---\ntitle: T\nexcerpt: E\npublishedAt: 2025-01-05\nauthor:\nslug: ''\ntags:\nupdatedAt: ''\n" +
        'featuredImage:\nfeaturedImageAlt:\nisDraft:\n---\nText\n';
      writeFileSync(join(dir, 'template.md'), text);
      const parseData = vi.fn(async (entry: { data: Record<string, unknown> }) => schema.parse(entry.data));
      const loader = checkPostSources({
        name: 'stand-in for glob()',
        load: async (context) => {
          await context.parseData({
            id: 'template',
            data: readFrontMatter(text).data,
            filePath: 'template.md',
          });
        },
      });
      const context = { config: { root: pathToFileURL(`${dir}/`) }, parseData };
      await loader.load(context as unknown as Parameters<typeof loader.load>[0]);
      expect(await parseData.mock.results[0]!.value).toEqual(
        schema.parse({ title: 'T', excerpt: 'E', publishedAt: '2025-01-05' }),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stops the build at a day the calendar does not have, naming the file and the field', async () => {
    await expect(loadPost('title: T\nexcerpt: E\npublishedAt: 2025-13-45')).rejects.toThrow(
      'typo.md: publishedAt: 2025-13-45: no such day on the calendar (write it like 2025-01-05).',
    );
  });

  it('stops the build at front matter that Astro reads otherwise than its checks, naming the file', async () => {
    const problem =
      'typo.md: the front matter must start on the first line of the file and sit between two lines of exactly three hyphens (---)';
    const fields = 'title: T\nexcerpt: E\npublishedAt: 2025-02-30\n';
    // A blank line above it, a closing line '----' with a later '---' (a rule in the text), '+++'.
    await expect(loadFile(`\n---\n${fields}---\nText\n`)).rejects.toThrow(problem);
    await expect(
      loadFile(`---\n${fields}----\n![](https://example.org/a.png)\n\n---\n\nText\n`),
    ).rejects.toThrow(problem);
    await expect(loadFile(`+++\ntitle = "T"\n+++\nText\n`)).rejects.toThrow(problem);
    // A rule in the text of a well-formed file is text.
    expect(await loadFile('---\ntitle: T\nexcerpt: E\n---\nOne\n\n---\n\nTwo\n')).toHaveBeenCalledTimes(1);
  });

  it('stops the build at an impossible day behind a YAML tag or anchor', async () => {
    await expect(loadPost('title: T\nexcerpt: E\npublishedAt: !!timestamp 2025-02-30')).rejects.toThrow(
      'typo.md: publishedAt: 2025-02-30: no such day on the calendar',
    );
    await expect(
      loadPost('title: T\nexcerpt: E\nupdatedAt: &d 2025-02-30\npublishedAt: 2025-01-05'),
    ).rejects.toThrow('typo.md: updatedAt: 2025-02-30: no such day on the calendar');
  });

  it('passes a post with real days on to the schema', async () => {
    const parseData = await loadPost('title: T\nexcerpt: E\npublishedAt: 2024-02-29');
    expect(parseData).toHaveBeenCalledTimes(1);
  });

  it('stops the build at a picture in the text that is missing or has no alt text, naming both', async () => {
    await expect(
      loadPost(
        'title: T\nexcerpt: E',
        'Look:\n\n![A schedule](images/schedule.svg)\n\n![](./images/there.svg)\n',
        ['there.svg'],
      ),
    ).rejects.toThrow(
      'typo.md: the picture "images/schedule.svg": there is no file schedule.svg in content/posts/images; ' +
        'the picture "./images/there.svg": it has no alt text: describe it between the brackets',
    );
    await expect(
      loadPost('title: T\nexcerpt: E', '![A schedule](http://example.org/s.png)\n'),
    ).rejects.toThrow('typo.md: the picture "http://example.org/s.png": its address must be a web address');
  });

  it('stops the build at a featured picture that is not there, naming the file and the field', async () => {
    await expect(loadPost('title: T\nexcerpt: E\nfeaturedImage: ./images/nope.png')).rejects.toThrow(
      'typo.md: featuredImage: there is no file ./images/nope.png beside this file.',
    );
    const parseData = await loadPost('title: T\nexcerpt: E\nfeaturedImage: "./images/here.svg"', 'Text\n', [
      'here.svg',
    ]);
    expect(parseData).toHaveBeenCalledTimes(1);
    // A text file renamed as a picture: Astro's error named neither the post nor the field.
    await expect(
      loadPost(
        'title: T\nexcerpt: E\nfeaturedImage: ./images/bad-pic.svg',
        'Text\n',
        ['bad-pic.svg'],
        'Just text.',
      ),
    ).rejects.toThrow(
      'typo.md: featuredImage: ./images/bad-pic.svg is not a picture the site can show (save it again as JPEG, PNG, WebP, AVIF, GIF or SVG).',
    );
    // A web address is the schema's to refuse, with its own words.
    expect(
      await loadPost('title: T\nexcerpt: E\nfeaturedImage: https://example.org/a.png'),
    ).toHaveBeenCalled();
  });

  it('stops the build at a featured SVG that could run code, wherever the file is', async () => {
    // The throwaway root has no media folders (admin/config.yml), as for a file outside them.
    await expect(
      loadPost(
        'title: T\nexcerpt: E\nfeaturedImage: ./images/evil.svg',
        'Text\n',
        ['evil.svg'],
        '<svg><script>alert(1)</script></svg>',
      ),
    ).rejects.toThrow(
      'typo.md: featuredImage: ./images/evil.svg cannot be published (it has a <script> element, which runs code)',
    );
  });

  it('passes a post whose pictures exist and have alt text (or are marked decorative)', async () => {
    const parseData = await loadPost(
      'title: T\nexcerpt: E',
      '![A schedule](https://example.org/s.png)\n\n![A board](./images/board.svg)\n\n![](images/line.svg "decorative")\n',
      ['board.svg', 'line.svg'],
    );
    expect(parseData).toHaveBeenCalledTimes(1);
  });
});
