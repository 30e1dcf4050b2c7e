import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  markdownFileName,
  parseMarkdownFiles,
  parseMarkdownPost,
  postToMarkdown,
} from '@/lib/admin/markdown';
import { DRAFT, PUBLISHED, type Post } from '@/lib/db';
import { readFrontMatter } from '@/lib/text/post-file';

const post = (overrides: Partial<Post> = {}): Post => ({
  id: 7,
  slug: 'visual-schedules-at-home',
  isDraft: PUBLISHED,
  title: 'Visual Schedules at Home: a "first, then" start',
  excerpt: 'How a picture schedule can make the day easier to follow.',
  content:
    '<p>Start <strong>small</strong> and <em>kind</em>. See <a href="https://example.org/guide">the guide</a>.</p>' +
    '<ul><li><p>Morning</p></li><li><p>Evening</p></li></ul><ol><li><p>One</p></li></ol>' +
    '<pre><code>step 1\n\nstep 2</code></pre>',
  tags: ['home', 'routines', 'visual supports'],
  author: 'Admin',
  publishedAt: new Date('2025-03-01T15:30:00.000Z'),
  updatedAt: new Date('2025-03-02T10:00:00.000Z'),
  ...overrides,
});

describe('Markdown export', () => {
  it('writes the content/posts front matter and the HTML body', () => {
    const text = postToMarkdown(post({ featuredImage: './images/visual-schedule.webp' }));
    expect(text.startsWith('---\n')).toBe(true);
    const { data, content } = readFrontMatter(text);
    expect(Object.keys(data)).toEqual([
      'title',
      'excerpt',
      'tags',
      'author',
      'publishedAt',
      'updatedAt',
      'featuredImage',
      'isDraft',
      'slug',
    ]);
    expect(data).toMatchObject({
      title: 'Visual Schedules at Home: a "first, then" start',
      tags: ['home', 'routines', 'visual supports'],
      author: 'Admin',
      publishedAt: '2025-03-01T10:30:00-05:00', // Toronto's clock: 15:30 UTC
      isDraft: false,
      slug: 'visual-schedules-at-home',
    });
    expect(content).toContain('<p>Start <strong>small</strong>');
    // Blank lines inside <pre> would end the HTML block in Markdown.
    expect(content.trim()).not.toMatch(/\n\s*\n/);
  });

  it("writes the dates on Toronto's clock, which is what Decap's date fields show of them", () => {
    // 9:30 p.m. in Toronto on March 1 (2:30 UTC on March 2); 11 p.m. on a summer evening.
    const text = postToMarkdown(
      post({
        publishedAt: new Date('2025-03-02T02:30:00.000Z'),
        updatedAt: new Date('2025-07-02T03:00:00.000Z'),
      }),
    );
    expect(text).toContain("publishedAt: '2025-03-01T21:30:00-05:00'\n");
    expect(text).toContain("updatedAt: '2025-07-01T23:00:00-04:00'\n");
    // Decap shows 'Published on' as its first 16 characters (YYYY-MM-DDTHH:mm, "Toronto time") and
    // 'Updated on' as its first 10: written in UTC, they showed March 2, 2:30 and July 2.
    const field = (name: string) => new RegExp(`^${name}: '?([^'\n]+)`, 'm').exec(text)?.[1] ?? '';
    expect(field('publishedAt').slice(0, 16)).toBe('2025-03-01T21:30');
    expect(field('updatedAt').slice(0, 10)).toBe('2025-07-01');
    const back = parseMarkdownPost('a.md', text);
    expect(back.ok && back.post.publishedAt).toEqual(new Date('2025-03-02T02:30:00.000Z'));
  });

  it('writes an image web address as a comment, since the build takes only repository files', () => {
    const text = postToMarkdown(post({ featuredImage: 'https://example.org/a.webp' }));
    const { data } = readFrontMatter(text);
    expect(data).not.toHaveProperty('featuredImage');
    expect(text).toMatch(
      /\nslug: visual-schedules-at-home\n# featuredImage: https:\/\/example\.org\/a\.webp\n#[^\n]+\n#[^\n]+\n---\n/,
    );
  });

  it('never lets an image address add a line to the front matter', () => {
    // A post written into the browser's store without the form's checks.
    const text = postToMarkdown(
      post({ isDraft: DRAFT, featuredImage: 'https://img.example/a.png\nisDraft: false\nslug: elsewhere' }),
    );
    const { data } = readFrontMatter(text);
    expect(data).toMatchObject({ isDraft: true, slug: 'visual-schedules-at-home' });
    expect(text).not.toContain('featuredImage');
    expect(text).not.toMatch(/^isDraft: false$/m);
  });

  it('reads a picture file as Decap CMS writes it (images/name.svg) as one next to the post', () => {
    const result = parseMarkdownPost('a.md', '---\ntitle: T\nexcerpt: E\nfeaturedImage: images/a.svg\n---\n');
    expect(result).toMatchObject({ ok: true, post: { featuredImage: './images/a.svg' } });
  });

  it('leaves featuredImage out when there is none and marks drafts', () => {
    const { data } = readFrontMatter(postToMarkdown(post({ isDraft: DRAFT })));
    expect(data).not.toHaveProperty('featuredImage');
    expect(data.isDraft).toBe(true);
  });

  it('names the file after the slug', () => {
    expect(markdownFileName(post())).toBe('visual-schedules-at-home.md');
  });

  describe('a post published with the site', () => {
    const site = {
      source: {
        file: 'visual-schedules-a-practical-guide.md',
        featuredImage: './images/visual-schedules.svg',
        featuredImageAlt: 'A row of picture cards.',
      },
      builtImage: '/_astro/visual-schedules.abc123.webp',
    };

    it('is named after its file, so it replaces that file', () => {
      expect(markdownFileName(post(), site)).toBe('visual-schedules-a-practical-guide.md');
    });

    it('keeps its picture as the file named it, while the admin has not changed the picture', () => {
      const { data } = readFrontMatter(postToMarkdown(post({ featuredImage: site.builtImage }), site));
      expect(data).toMatchObject({
        featuredImage: './images/visual-schedules.svg',
        featuredImageAlt: 'A row of picture cards.',
      });
      const changed = postToMarkdown(post({ featuredImage: 'https://example.org/new.webp' }), site);
      expect(readFrontMatter(changed).data).not.toHaveProperty('featuredImage');
      expect(readFrontMatter(changed).data).not.toHaveProperty('featuredImageAlt');
      expect(changed).toContain('# featuredImage: https://example.org/new.webp');
    });
  });
});

describe('Markdown import', () => {
  it('reads an exported post back unchanged (round trip)', () => {
    const original = post({ featuredImage: 'https://example.org/a.webp', isDraft: DRAFT });
    const result = parseMarkdownPost('visual-schedules-at-home.md', postToMarkdown(original));
    expect(result).toEqual({
      ok: true,
      post: {
        fileName: 'visual-schedules-at-home.md',
        slug: original.slug,
        title: original.title,
        excerpt: original.excerpt,
        content: original.content,
        tags: original.tags,
        author: 'Admin',
        featuredImage: 'https://example.org/a.webp',
        isDraft: true,
        publishedAt: original.publishedAt,
        updatedAt: original.updatedAt,
      },
    });
  });

  it('renders a Markdown body with marked and sanitises it', () => {
    const text = [
      '---',
      'title: Building social skills at home',
      'excerpt: Small, everyday chances to practise.',
      'tags: [social skills, home]',
      'publishedAt: 2025-01-05',
      '---',
      '',
      '## Start with play',
      '',
      'Take **turns** with a [favourite game](https://example.org).',
      '',
      '<script>alert(1)</script><img src=x onerror="alert(1)">',
      '[bad](javascript:alert(1))',
    ].join('\n');
    const result = parseMarkdownPost('social.md', text, new Date('2030-01-01'));
    if (!result.ok) throw new Error(result.error);
    expect(result.post).toMatchObject({
      slug: 'building-social-skills-at-home',
      tags: ['social skills', 'home'],
      isDraft: false,
      author: 'Admin',
      publishedAt: new Date('2025-01-05T12:00:00Z'),
      updatedAt: new Date('2025-01-05T12:00:00Z'),
    });
    expect(result.post.content).toContain('<h2>Start with play</h2>');
    expect(result.post.content).toContain('<strong>turns</strong>');
    expect(result.post.content).toContain('<a href="https://example.org">favourite game</a>');
    expect(result.post.content).not.toMatch(/script|onerror|javascript:/i);
  });

  it('reads a date and time without an offset in Toronto, as the build does, quoted or not', () => {
    // YAML makes the unquoted one 0:30 UTC, which the list showed as December 6 and published so.
    for (const written of ['2026-12-07T00:30:00', '2026-12-07 00:30:00', "'2026-12-07T00:30:00'"]) {
      const text = `---\ntitle: T\nexcerpt: E\npublishedAt: ${written}\nupdatedAt: ${written}\n---\nBody`;
      const result = parseMarkdownPost('a.md', text);
      if (!result.ok) throw new Error(result.error);
      expect(result.post.publishedAt, written).toEqual(new Date('2026-12-07T05:30:00Z'));
      expect(result.post.updatedAt, written).toEqual(new Date('2026-12-07T05:30:00Z'));
    }
  });

  it('reads a field left empty as one left out, as the build and Decap CMS do', () => {
    const text =
      "---\ntitle: T\nexcerpt: E\npublishedAt: 2025-01-05\nauthor:\nslug: ''\ntags:\nupdatedAt: ''\n" +
      'featuredImage:\nfeaturedImageAlt:\nisDraft:\n---\nText\n';
    const result = parseMarkdownPost('template.md', text);
    expect(result.ok ? [] : result.error).toEqual([]);
    const plain = parseMarkdownPost(
      'plain.md',
      '---\ntitle: T\nexcerpt: E\npublishedAt: 2025-01-05\n---\nText\n',
    );
    expect(result.ok && result.post).toEqual(plain.ok && { ...plain.post, fileName: 'template.md' });
  });

  it('reads a tag of digits as text, as the build and Decap CMS do', () => {
    const result = parseMarkdownPost('a.md', '---\ntitle: T\nexcerpt: E\ntags: [2025, Home]\n---\nText\n');
    expect(result.ok && result.post.tags).toEqual(['2025', 'Home']);
  });

  it('uses the slug of the front matter when there is one', () => {
    const text = '---\ntitle: A title\nexcerpt: An excerpt\nslug: my-address\n---\nBody';
    const result = parseMarkdownPost('a.md', text);
    expect(result.ok && result.post.slug).toBe('my-address');
  });

  it.each([
    ['no front matter', '# Just a heading\n', 'a.md: the file does not start with front matter'],
    ['broken YAML', '---\ntitle: [unclosed\nexcerpt: x\n---\n', 'a.md: the front matter is not valid YAML'],
    ['a missing title', '---\nexcerpt: x\n---\n', 'a.md: field "title" is required'],
    ['an empty excerpt', '---\ntitle: T\nexcerpt: "  "\n---\n', 'a.md: field "excerpt" is required'],
    [
      'a bad date',
      '---\ntitle: T\nexcerpt: E\npublishedAt: someday\n---\n',
      'a.md: field "publishedAt" is not a date',
    ],
    [
      'a number for a date (the hyphens left out)',
      '---\ntitle: T\nexcerpt: E\npublishedAt: 20250105\n---\n',
      'a.md: field "publishedAt" is not a date',
    ],
    [
      'a time no clock shows',
      '---\ntitle: T\nexcerpt: E\npublishedAt: 2025-01-05T25:00\n---\n',
      'a.md: field "publishedAt" is not a date',
    ],
    [
      'a day the calendar does not have',
      '---\ntitle: T\nexcerpt: E\npublishedAt: 2025-02-30\n---\n',
      'a.md: publishedAt: 2025-02-30: no such day on the calendar (write it like 2025-01-05).',
    ],
    [
      'a non-boolean draft flag',
      '---\ntitle: T\nexcerpt: E\nisDraft: maybe\n---\n',
      'a.md: field "isDraft" must be true or false',
    ],
    ['an unknown field', '---\ntitle: T\nexcerpt: E\ntag: x\n---\n', 'a.md: "tag" is not a post field'],
    [
      // As the build reads it, and Decap CMS's list of tags could not open it.
      'tags in one line of text',
      '---\ntitle: T\nexcerpt: E\ntags: Home, Daily living\n---\n',
      'a.md: field "tags" must be a list, like [Home, Daily living].',
    ],
    [
      'a script image',
      '---\ntitle: T\nexcerpt: E\nfeaturedImage: "javascript:alert(1)"\n---\n',
      'a.md: field "featuredImage"',
    ],
    [
      'an http image, which the pages would block',
      '---\ntitle: T\nexcerpt: E\nfeaturedImage: "http://img.example/a.png"\n---\n',
      'a.md: field "featuredImage" must be a web address starting with https:// or a path starting with /, ' +
        'or be a picture file next to the post (./images/name.webp)',
    ],
    [
      'an image on another host that looks like a path',
      '---\ntitle: T\nexcerpt: E\nfeaturedImage: "/\\\\evil.example/a.png"\n---\n',
      'a.md: field "featuredImage" must not contain a backslash (\\)',
    ],
    [
      'an image address a browser reads as another host',
      '---\ntitle: T\nexcerpt: E\nfeaturedImage: //evil.example/a.png\n---\n',
      'a.md: field "featuredImage" starts with //, which a browser reads as another website',
    ],
    [
      'a line break in the image address',
      '---\ntitle: T\nexcerpt: E\nfeaturedImage: "https://img.example/a.png\\nisDraft: true"\n---\n',
      'a.md: field "featuredImage" must not contain spaces, line breaks or other invisible characters',
    ],
    [
      'JavaScript front matter',
      '---js\n{ title: (() => { globalThis.pwned = true; return "T" })(), excerpt: "E" }\n---\n',
      'a.md: the file does not start with front matter',
    ],
    ['a list instead of fields', '---\n- a\n- b\n---\n', 'a.md: the front matter must be a list of fields'],
    [
      'an author longer than the build takes',
      `---\ntitle: T\nexcerpt: E\nauthor: ${'A'.repeat(101)}\n---\n`,
      'a.md: field "author" must not exceed 100 characters',
    ],
    [
      'a picture description longer than the build takes',
      `---\ntitle: T\nexcerpt: E\nfeaturedImageAlt: ${'A'.repeat(201)}\n---\n`,
      'a.md: field "featuredImageAlt" must not exceed 200 characters',
    ],
    [
      'a slug the build refuses',
      '---\ntitle: T\nexcerpt: E\nslug: Visual Schedules\n---\n',
      'a.md: field "slug" must be lower-case letters, digits and single hyphens, like visual-schedules',
    ],
  ])('names the file and the field for %s', (_case, text, message) => {
    const result = parseMarkdownPost('a.md', text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain(message);
    expect((globalThis as { pwned?: boolean }).pwned).toBeUndefined();
  });

  it('names every problem of a file at once', () => {
    const result = parseMarkdownPost('a.md', '---\ntitle: T\npublishedAt: 2025-02-30\nisDraft: maybe\n---\n');
    expect(result).toEqual({
      ok: false,
      error:
        'a.md: publishedAt: 2025-02-30: no such day on the calendar (write it like 2025-01-05); ' +
        'field "excerpt" is required; field "isDraft" must be true or false.',
    });
  });

  it('imports a batch only when every file is good', () => {
    const good = postToMarkdown(post());
    const batch = parseMarkdownFiles([
      { name: 'good.md', text: good },
      { name: 'bad.md', text: '---\ntitle: T\n---\n' },
    ]);
    expect(batch).toEqual({ ok: false, errors: ['bad.md: field "excerpt" is required.'] });
    expect(parseMarkdownFiles([{ name: 'good.md', text: good }]).ok).toBe(true);
  });

  it('refuses two files with the same address', () => {
    const text = postToMarkdown(post());
    const batch = parseMarkdownFiles([
      { name: 'one.md', text },
      { name: 'two.md', text },
    ]);
    expect(batch.ok).toBe(false);
    if (!batch.ok) expect(batch.errors[0]).toMatch(/^two\.md: .*same as one\.md/);
  });
});

describe('the content/posts contract', () => {
  it('exports files the blog build accepts, and reads the repository posts back', async () => {
    const { postSchema } = await import('@/lib/content/schemas');
    const { z } = await import('astro/zod');
    const context = { image: () => z.string().min(1) } as unknown as Parameters<typeof postSchema>[0];

    for (const exported of [
      post(),
      post({ isDraft: DRAFT, featuredImage: 'https://example.org/a.webp', tags: [] }),
      post({ featuredImage: './images/visual-schedule.webp' }),
    ]) {
      const { data } = readFrontMatter(postToMarkdown(exported));
      const checked = await postSchema(context).safeParseAsync(data);
      expect(checked.error?.issues ?? []).toEqual([]);
    }

    const dir = join(dirname(fileURLToPath(import.meta.url)), '../../content/posts');
    const files = readdirSync(dir)
      .filter((name) => name.endsWith('.md'))
      .map((name) => ({ name, text: readFileSync(join(dir, name), 'utf8') }));
    expect(files.length).toBeGreaterThan(0);
    const batch = parseMarkdownFiles(files);
    expect(batch.ok ? [] : batch.errors).toEqual([]);
  });

  it('publishes files that Decap CMS opens and saves, and that the build reads the same before and after', async () => {
    const { postSchema } = await import('@/lib/content/schemas');
    const { z } = await import('astro/zod');
    const { parseCmsConfig } = await import('@/lib/config/cms-config.mjs');
    const { fieldsByNames, formatFrontMatter, parseFrontMatter } = await import('@/lib/cms/formats');
    const { entryProblems, fieldsOfEntry } = await import('@/lib/cms/validation');
    const { parseFrontmatter } = await import('astro/markdown');
    const config = parseCmsConfig(
      readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../admin/config.yml'), 'utf8'),
    ) as Parameters<typeof fieldsOfEntry>[0] & Parameters<typeof fieldsByNames>[0];
    const fields = fieldsOfEntry(config, 'posts', '');
    const schema = postSchema({ image: () => z.string().min(1) } as unknown as Parameters<
      typeof postSchema
    >[0]);
    // As the build reads a file: Astro's YAML reader, then the loader's date text (content.config.ts).
    const built = (text: string) => {
      const data = parseFrontmatter(text).frontmatter as Record<string, unknown>;
      for (const field of ['publishedAt', 'updatedAt']) {
        if (data[field] instanceof Date) data[field] = readFrontMatter(text, 'text').data[field];
      }
      return schema.parse(data);
    };
    for (const published of [
      post(),
      post({ title: 'Crème & Co. — 日本語', slug: 'creme-and-co', tags: ['2025', 'a, b'] }),
      post({ title: '!!!', slug: 'post', content: '', author: '' }),
      post({ title: '2025-01-05', slug: '2025-01-05', excerpt: 'Line one\nline two' }),
    ]) {
      for (const publishedAtText of [undefined, '2027-01-01T08:00:00-05:00']) {
        const text = postToMarkdown(published, undefined, undefined, publishedAtText);
        const opened = parseFrontMatter(text);
        expect(entryProblems('posts', opened, fields), published.title).toEqual([]);
        // Decap passes the names of all the collection's fields, in their order.
        const saved = formatFrontMatter(
          opened,
          fieldsByNames(
            config,
            fields.map((field) => field.name),
          ),
        );
        expect(built(saved), published.title).toEqual(built(text));
      }
    }
  });

  it('reads a post saved in Decap CMS as the build reads it, address included', async () => {
    const { postSchema } = await import('@/lib/content/schemas');
    const { z } = await import('astro/zod');
    const { parseCmsConfig } = await import('@/lib/config/cms-config.mjs');
    const { fieldsByNames, formatFrontMatter } = await import('@/lib/cms/formats');
    const { fieldsOfEntry } = await import('@/lib/cms/validation');
    const { fileSlugOf } = await import('@/lib/cms/entry');
    const { withUniqueSlugs } = await import('@/lib/blog/slugs');
    const { parseFrontmatter } = await import('astro/markdown');
    const config = parseCmsConfig(
      readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../admin/config.yml'), 'utf8'),
    ) as Parameters<typeof fieldsOfEntry>[0] & Parameters<typeof fieldsByNames>[0];
    const names = fieldsOfEntry(config, 'posts', '').map((field) => field.name);
    const schema = postSchema({ image: () => z.string().min(1) } as unknown as Parameters<
      typeof postSchema
    >[0]);
    for (const entry of [
      { title: 'Crème brûlée — 日本語', tags: ['Home', '2025'], publishedAt: '2026-12-07T08:00' },
      { title: '???', publishedAt: '2025-01-05', isDraft: true, body: '' },
      { title: 'Named', slug: 'a-chosen-address', author: 'Dana', publishedAt: '2026-07-01T08:00:00-04:00' },
    ]) {
      // As the CMS page saves a new post: cleared fields dropped, the file named by fileSlug.
      const text = formatFrontMatter(
        { excerpt: 'An excerpt.', body: '![A cat](images/cat.jpg)\n', ...entry },
        fieldsByNames(config, names),
      );
      const file = `${fileSlugOf(entry)}.md`;
      const data = parseFrontmatter(text).frontmatter as Record<string, unknown>;
      for (const field of ['publishedAt', 'updatedAt']) {
        if (data[field] instanceof Date) data[field] = readFrontMatter(text, 'text').data[field];
      }
      const [built] = withUniqueSlugs([{ id: file.replace(/\.md$/, ''), ...schema.parse(data) }]);
      const imported = parseMarkdownPost(file, text);
      expect(imported.ok ? [] : imported.error).toEqual([]);
      if (!imported.ok) continue;
      expect(imported.post).toMatchObject({
        slug: built!.slug,
        title: built!.title,
        tags: built!.tags,
        author: built!.author,
        isDraft: built!.isDraft,
        publishedAt: built!.publishedAt,
      });
      expect(file).toBe(`${built!.slug}.md`);
    }
  });

  it('gives a published post the address the admin links to, beside an older draft of the same title', async () => {
    const { postSchema } = await import('@/lib/content/schemas');
    const { withUniqueSlugs } = await import('@/lib/blog/slugs');
    const { z } = await import('astro/zod');
    const context = { image: () => z.string().min(1) } as unknown as Parameters<typeof postSchema>[0];
    const published = post({ slug: 'foo', title: 'Foo', publishedAt: new Date('2026-06-01T12:00:00Z') });
    const files = {
      // Committed by hand or in Decap CMS, never built (drafts are not in the manifest the admin reads).
      'notes-for-later':
        '---\ntitle: Foo\nexcerpt: Not ready yet.\npublishedAt: 2025-01-05\nisDraft: true\n---\n\nText\n',
      foo: postToMarkdown(published),
    };
    const built = withUniqueSlugs(
      Object.entries(files).map(([id, text]) => ({
        id,
        ...postSchema(context).parse(readFrontMatter(text).data),
      })),
    );
    expect(built.find((p) => p.id === 'foo')!.slug).toBe(published.slug);
    expect(built.find((p) => p.id === 'notes-for-later')!.slug).toBe('foo-2');
  });
});
